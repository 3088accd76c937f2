// The migration guide's table: every legacy operation by section, its versioned counterpart (or none, and why), then
// each mapped pair's differences, from the spec's own migration map (x-v1-counterpart, read by the spec model).
import { DIFFERENCE_KEYS, familyOf, v1Counterparts } from '@laevitas-api/spec-model';
import { slugOf } from './site-pages.mjs';

/** @import { Migration, OperationRef, SpecDocument } from '@laevitas-api/spec-model' */
/** @typedef {Migration & { counterpart: OperationRef, differences: Record<string, string> }} MappedMigration */

const pageLink = (/** @type {{operationId: string, tag?: string}} */ op) =>
  `/${slugOf(op.tag ?? '')}/#/${slugOf(op.tag ?? '')}/${op.operationId.toLowerCase()}`;

/** The migration table: every legacy operation by section, its versioned counterpart or none, then each pair's differences. */
/** @param {SpecDocument} spec */
export function migrationSection(spec) {
  const { migrations } = v1Counterparts(spec, (path) => familyOf(path, spec.paths[path]) === 'legacy');
  // v1Counterparts gives differences (every DIFFERENCE_KEYS key) exactly when it gives a counterpart.
  const mapped = migrations.filter(/** @type {(m: Migration) => m is MappedMigration} */ ((m) => m.counterpart !== null));
  const cell = (/** @type {string} */ text) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
  const route = (/** @type {OperationRef} */ r) => `[\`${r.method.toUpperCase()} ${r.path}\`](${pageLink(r)})`;
  const parts = [
    `**${migrations.length} legacy operations: ${mapped.length} with a versioned counterpart, ${migrations.length - mapped.length} without.**`,
    '',
    '## Operations with a versioned counterpart',
    '',
    '| Legacy operation | Versioned counterpart | Why it is the same data |',
    '|---|---|---|',
    ...mapped.map((m) => `| ${route(m.legacy)} | ${route(m.counterpart)} | ${cell(m.why)} |`),
    '',
  ];
  for (const m of mapped) {
    parts.push(`### ${m.legacy.summary} → ${m.counterpart.summary}`, '', `${route(m.legacy)} → ${route(m.counterpart)}`, '');
    parts.push(...DIFFERENCE_KEYS.map((k) => `- **${k.charAt(0).toUpperCase()}${k.slice(1)}:** ${m.differences[k]}`), '');
  }
  parts.push('## Every legacy operation', '');
  /** @type {Map<string, Migration[]>} */
  const byTag = new Map();
  for (const m of migrations) {
    if (m.legacy.tag === undefined) throw new Error(`docs guides: ${m.legacy.operationId} has no tag to list it under`);
    byTag.set(m.legacy.tag, [...(byTag.get(m.legacy.tag) ?? []), m]);
  }
  for (const [tag, entries] of [...byTag].sort(([a], [b]) => a.localeCompare(b))) {
    parts.push(`### ${tag}`, '', '| Legacy operation | Versioned counterpart |', '|---|---|');
    for (const m of entries) parts.push(`| ${route(m.legacy)} ${cell(m.legacy.summary)} | ${m.counterpart ? route(m.counterpart) : 'none'} |`);
    const reasons = [...new Set(entries.filter((m) => !m.counterpart).map((m) => m.why))];
    parts.push('', ...reasons.map((r) => `Without a counterpart: ${r}`), '');
  }
  return parts.join('\n');
}
