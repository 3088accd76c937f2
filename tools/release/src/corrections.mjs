// Acknowledged corrections: a breaking-diff entry that does not mean the API broke, because the contract was wrong
// about the service and now says what the service already did (the spec records the fact with x-source). A pending
// changeset acknowledges such entries one by one in its ```yaml corrections block (correction-block.cjs); the gate
// passes a breaking change only when a major releases it or an acknowledgement names it, and fails on an
// acknowledgement that names no breaking change (so the list cannot rot) or that has no source the gate can check.
// Prior art: oasdiff's `--err-ignore` file (one line per accepted breaking change), made reviewable here by living
// in the changeset it is released with and by turning into a warning in the CHANGELOG.
import { existsSync } from 'node:fs';
import { join, normalize } from 'node:path';
import correctionBlock from './correction-block.cjs';
import { RULES } from './diff/rules.mjs';
import { readDocument } from './releases.mjs';

/**
 * @import { Change } from './diff/change-graph.mjs'
 * @import { Acknowledgement } from './correction-block.cjs'
 * @typedef {Acknowledgement & {changeset: string}} PendingAcknowledgement `changeset`: `.changeset/<id>.md`
 * @typedef {Change & {document: 'openapi' | 'asyncapi'}} DocumentChange
 */

/**
 * Every acknowledgement of the pending changesets, and every error in them: a malformed block, a rule that is not a
 * breaking rule, a source that cannot be checked, a correction released as a patch.
 * @param {{id: string, summary: string, releases: {name: string, type: string}[]}[]} changesets
 * @param {string} root where `spec/…` sources are resolved
 * @returns {{acknowledgements: PendingAcknowledgement[], errors: string[]}}
 */
export function pendingAcknowledgements(changesets, root) {
  /** @type {PendingAcknowledgement[]} */
  const acknowledgements = [];
  /** @type {string[]} */
  const errors = [];
  for (const c of changesets) {
    const file = `.changeset/${c.id}.md`;
    const block = correctionBlock.readCorrectionBlock(c.summary);
    errors.push(...block.errors.map((e) => `${file}: ${e}`));
    if (!block.acknowledges.length) continue;
    // A correction changes the types users compile against, so it is never released silently as a patch.
    const patches = c.releases.filter((r) => r.type === 'patch' || r.type === 'none').map((r) => r.name);
    if (patches.length) errors.push(`${file}: acknowledges corrections but releases ${patches.join(', ')} as a patch: a correction is a minor at least`);
    block.acknowledges.forEach((a, i) => {
      const at = `${file}: corrections.acknowledges[${i}] (${a.rule} at ${a.where})`;
      const rule = RULES[a.rule];
      if (!rule) errors.push(`${at}: rule \`${a.rule}\` is not a rule of the gate (tools/release/src/diff/rules.mjs)`);
      else if (!rule.breaking) errors.push(`${at}: rule \`${a.rule}\` is additive; only breaking changes are acknowledged`);
      const bad = sourceProblem(a.source, root);
      if (bad) errors.push(`${at}: source ${bad}`);
      acknowledgements.push({ ...a, changeset: file });
    });
  }
  return { acknowledgements, errors };
}

/**
 * Why a source cannot be checked, or undefined when it can: an https URL (the x-source of the fact), or a spec
 * source file under spec/ with an optional JSON pointer (`spec/asyncapi/schemas/TradesEvent.yaml`,
 * `spec/paths/v1/options_reference-price.yaml#/get`) that resolves to a node carrying x-source.
 * @param {string} source @param {string} root
 * @returns {string | undefined}
 */
export function sourceProblem(source, root) {
  if (/^[a-z]+:/i.test(source)) {
    let url;
    try {
      url = new URL(source);
    } catch {
      return `\`${source}\` is not a URL`;
    }
    return url.protocol === 'https:' && url.hostname ? undefined : `\`${source}\` must be an https URL (the fact's x-source)`;
  }
  const [file = '', pointer = ''] = source.split('#');
  if (!/^spec\/.+\.(ya?ml|json)$/.test(file) || normalize(file) !== file)
    return `\`${source}\` must be an https URL or a spec source file (spec/…yaml, optionally #/json/pointer)`;
  if (!existsSync(join(root, file))) return `\`${file}\` does not exist`;
  /** @type {any} */
  let node = readDocument(join(root, file));
  if (pointer && !pointer.startsWith('/')) return `\`${source}\`: the pointer after # must start with /`;
  for (const raw of pointer ? pointer.slice(1).split('/') : []) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!node || typeof node !== 'object' || !(key in node)) return `\`${source}\`: ${file} has nothing at #${pointer}`;
    node = node[key];
  }
  if (!node || typeof node !== 'object' || typeof node['x-source'] !== 'string')
    return `\`${source}\` records no x-source: point at the node whose x-source records the service's behaviour`;
  return undefined;
}

/**
 * Matches the breaking changes with the acknowledgements, one to one, by rule and `where` (and document, when
 * given). An acknowledgement that matches no breaking change is stale; one that matches a change in both documents
 * must say which; a change acknowledged twice is an error too. With `staleIsError: false` (a comparison of another
 * pair than the one the acknowledgements describe) an acknowledgement that matches nothing is returned in `unmatched`.
 * @param {DocumentChange[]} breaking
 * @param {PendingAcknowledgement[]} acknowledgements
 * @param {{staleIsError?: boolean}} [options]
 */
export function matchAcknowledgements(breaking, acknowledgements, { staleIsError = true } = {}) {
  /** @type {Map<DocumentChange, PendingAcknowledgement>} */
  const acknowledged = new Map();
  /** @type {string[]} */
  const errors = [];
  /** @type {PendingAcknowledgement[]} acknowledgements of no change here, when that is not an error */
  const unmatched = [];
  for (const a of acknowledgements) {
    const at = `${a.changeset}: acknowledgement ${a.rule} at ${JSON.stringify(a.where)}`;
    const matches = breaking.filter((c) => c.rule === a.rule && c.where === a.where && (!a.document || c.document === a.document));
    if (!matches.length) {
      if (staleIsError) errors.push(`${at} matches no breaking change (stale: remove it, or copy rule and where from the gate's output)`);
      else unmatched.push(a);
      continue;
    }
    if (matches.length > 1) {
      errors.push(`${at} matches a change in both documents: add \`document: openapi\` or \`document: asyncapi\``);
      continue;
    }
    const change = /** @type {DocumentChange} */ (matches[0]);
    const earlier = acknowledged.get(change);
    if (earlier) errors.push(`${at} acknowledges a change that ${earlier.changeset} already acknowledges: keep one`);
    else acknowledged.set(change, a);
  }
  return { acknowledged, unacknowledged: breaking.filter((c) => !acknowledged.has(c)), errors, unmatched };
}

/**
 * The YAML to paste into a corrections block for the given changes (when each is a correction, with its source).
 * @param {DocumentChange[]} changes
 */
export function acknowledgementTemplate(changes) {
  const ambiguous = (/** @type {DocumentChange} */ c) => changes.some((o) => o !== c && o.rule === c.rule && o.where === c.where);
  return [
    '```yaml corrections',
    'since: API v<the version since which the service behaves this way>',
    'acknowledges:',
    ...changes.flatMap((c) => [
      `  - rule: ${c.rule}`,
      `    where: ${JSON.stringify(c.where)}`,
      ...(ambiguous(c) ? [`    document: ${c.document}`] : []),
      '    source: <https URL, or spec/…yaml#/pointer to the x-source of the fact>',
    ]),
    '```',
  ].join('\n');
}
