// The human-readable API diff (reports/api-diff.md; the changeset and the docs' release notes quote it) and the
// gate's console lines. One entry per change, grouped by the component (or operation) where it happened: what
// changed, where, which operations it reaches, and why it breaks.

/** @import { Change } from './change-graph.mjs' */

/** @param {string[]} names @param {number} max */
export const listOperations = (names, max) => (names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`);

/** The heading of a change's group: its component (with the pointer) or its operation. @param {Change} c */
const groupOf = (c) =>
  c.component ? `**${c.label}** (\`${c.component}\`${c.direction ? `, as ${c.direction === 'request' ? 'sent' : 'received'}` : ''})` : `**${c.label}**`;

/**
 * @param {{changes: Change[]}} diff
 * @param {{baseVersion: string, headVersion: string, allowedBy?: string | undefined, title?: string | undefined,
 *   correction?: ((c: Change) => {since: string, source: string, changeset: string} | undefined) | undefined}} labels
 *   `allowedBy`: the major changeset that allows the breaking changes; `correction`: the acknowledgement of a breaking
 *   change released as a correction (corrections.mjs), if any
 */
export function diffMarkdown({ changes }, { baseVersion, headVersion, allowedBy, title = 'API diff', correction = () => undefined }) {
  const lines = [`# ${title}: ${baseVersion} → ${headVersion}`, ''];
  const breaking = changes.filter((c) => c.breaking);
  const additive = changes.filter((c) => !c.breaking);
  if (!changes.length) lines.push('No change to operations, parameters, request or response shapes.', '');
  /** @param {string} heading @param {Change[]} list @param {boolean} explain */
  const section = (heading, list, explain) => {
    if (!list.length) return;
    lines.push(`## ${heading}`, '');
    /** @type {Map<string, Change[]>} */
    const groups = new Map();
    for (const c of list) groups.set(groupOf(c), [...(groups.get(groupOf(c)) ?? []), c]);
    for (const [group, items] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
      // A group holds at least the change that made it.
      const first = /** @type {Change} */ (items[0]);
      const ops = first.operations;
      const reach = first.component ? ` · ${ops.length} operation${ops.length === 1 ? '' : 's'}: ${ops.join(', ')}` : '';
      lines.push(`- ${group}${reach}`);
      for (const c of items) {
        const ack = explain ? correction(c) : undefined;
        const corrected = ack ? ` — **correction** (the service already behaved this way since ${ack.since}; source: ${ack.source}; ${ack.changeset})` : '';
        lines.push(`  - ${c.message} (\`${c.rule}\`)${explain ? `: ${c.why}` : ''}${corrected}`);
      }
    }
    lines.push('');
  };
  const corrections = breaking.filter((c) => correction(c)).length;
  const released = [
    ...(corrections ? [`${corrections} acknowledged as ${corrections === 1 ? 'a correction' : 'corrections'} of the contract`] : []),
    ...(corrections < breaking.length && allowedBy ? [`released as a major by ${allowedBy}`] : []),
  ];
  section(`Breaking changes (${breaking.length})${released.length ? `: ${released.join('; ')}` : ''}`, breaking, true);
  section(`Additive changes (${additive.length})`, additive, false);
  return lines.join('\n');
}

/** One console line per breaking change. @param {Change} c */
export const consoleLine = (c) =>
  `[${c.rule}] ${c.message} — ${c.component ? `in ${c.component}, ` : ''}reaches ${c.operations.length} operation${c.operations.length === 1 ? '' : 's'}: ${listOperations(c.operations, 6)} — ${c.why}`;
