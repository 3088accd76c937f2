// The acknowledged-corrections block of a changeset: a fenced ```yaml corrections block in the changeset's text that
// lists, one by one, the breaking-diff entries the changeset releases as corrections of the contract to what the
// service already did (not as a change of the API). The release gate (corrections.mjs) matches them against the
// diff; the CHANGELOG generator (changelog.cjs) replaces the block with a plain warning to users. Both read the
// block here, so what the gate accepts is exactly what the CHANGELOG says.
//
// CommonJS because Changesets loads its changelog module with require().
'use strict';

const { parse } = require('yaml');

/**
 * @typedef {{rule: string, where: string, source: string, since: string, document?: 'openapi' | 'asyncapi' | undefined}} Acknowledgement
 * @typedef {{acknowledges: Acknowledgement[], errors: string[], text: string}} CorrectionBlock
 *   `text`: the changeset's text without the block; `errors`: what is wrong with the block, each naming the field
 */

// ```yaml corrections … ``` on lines of their own (the info string's first word is the language, so editors and
// GitHub highlight it as YAML).
const FENCE = /^```ya?ml[ \t]+corrections[ \t]*\r?\n([\s\S]*?)^```[ \t]*$/gm;
const FIELDS = new Set(['rule', 'where', 'source', 'since', 'document']);

/** @param {unknown} v @returns {v is string} */
const text = (v) => typeof v === 'string' && v.trim() !== '';

/**
 * Reads the corrections block of one changeset's text. No block: no acknowledgements, no errors.
 * @param {string} summary the changeset's text (below its front matter)
 * @returns {CorrectionBlock}
 */
function readCorrectionBlock(summary) {
  const blocks = [...summary.matchAll(FENCE)];
  const rest = summary
    .replace(FENCE, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!blocks.length) return { acknowledges: [], errors: [], text: rest };
  if (blocks.length > 1)
    return { acknowledges: [], errors: ['more than one ```yaml corrections block: write one, list every acknowledgement in it'], text: rest };
  /** @type {string[]} */
  const errors = [];
  /** @type {any} */
  let doc;
  try {
    doc = parse(/** @type {string} */ (/** @type {RegExpMatchArray} */ (blocks[0])[1]));
  } catch (e) {
    return { acknowledges: [], errors: [`the corrections block is not YAML: ${/** @type {Error} */ (e).message}`], text: rest };
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    return { acknowledges: [], errors: ['the corrections block must be a mapping with `since` and `acknowledges`'], text: rest };
  for (const key of Object.keys(doc))
    if (key !== 'since' && key !== 'acknowledges') errors.push(`corrections: unknown field \`${key}\` (allowed: since, acknowledges)`);
  if (doc.since !== undefined && !text(doc.since))
    errors.push('corrections.since must be a non-empty string (the API version since which the service behaves this way)');
  if (!Array.isArray(doc.acknowledges) || !doc.acknowledges.length) {
    errors.push('corrections.acknowledges must be a non-empty list of {rule, where, source}');
    return { acknowledges: [], errors, text: rest };
  }
  /** @type {Acknowledgement[]} */
  const acknowledges = [];
  doc.acknowledges.forEach((/** @type {any} */ entry, /** @type {number} */ i) => {
    const at = `corrections.acknowledges[${i}]`;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return errors.push(`${at} must be a mapping {rule, where, source}`);
    for (const key of Object.keys(entry)) if (!FIELDS.has(key)) errors.push(`${at}: unknown field \`${key}\` (allowed: ${[...FIELDS].join(', ')})`);
    const missing = ['rule', 'where', 'source'].filter((k) => !text(entry[k]));
    for (const k of missing)
      errors.push(
        `${at}.${k} is required${k === 'source' ? ' (the x-source URL, or the spec file and pointer whose x-source records the fact: spec/…yaml#/pointer)' : k === 'where' ? ' (the `where` the gate prints for the change)' : ' (the diff rule, e.g. response-field-removed)'}`,
      );
    const since = entry.since ?? doc.since;
    if (!text(since)) errors.push(`${at}.since is required (here or once for the block as corrections.since)`);
    if (entry.document !== undefined && entry.document !== 'openapi' && entry.document !== 'asyncapi')
      errors.push(`${at}.document must be openapi or asyncapi`);
    if (missing.length || !text(since)) return;
    acknowledges.push({ rule: entry.rule, where: entry.where, source: entry.source, since, ...(entry.document ? { document: entry.document } : {}) });
  });
  return { acknowledges, errors, text: rest };
}

/**
 * What the CHANGELOG says for a changeset's acknowledged corrections: one paragraph per `since`, warning that code
 * compiled against the old types may need changes, and the list of corrected places with their sources.
 * @param {Acknowledgement[]} acknowledges
 * @returns {string}
 */
function correctionNotice(acknowledges) {
  /** @type {Map<string, Acknowledgement[]>} */
  const bySince = new Map();
  for (const a of acknowledges) bySince.set(a.since, [...(bySince.get(a.since) ?? []), a]);
  return [...bySince]
    .map(([since, list]) =>
      [
        `**Correction** (the service already behaved this way since ${since}): code compiled against the old types may need changes. ` +
          'The contract was wrong about the service; the API did not change. These places now say what the service does:',
        '',
        ...list.map((a) => `- ${a.where} (\`${a.rule}\`; source: ${a.source})`),
      ].join('\n'),
    )
    .join('\n\n');
}

module.exports = { readCorrectionBlock, correctionNotice };
