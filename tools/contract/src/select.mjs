// Which operations a run covers, resolved against the spec: `--only` and `--skip` take operationIds, `--family`
// legacy or v1, `--tag` the spec's tags (case-insensitive). A name the spec does not have is a usage error naming the
// flag with the closest names, never a silently smaller run; a selection that leaves nothing to run is one too.
import { distance } from 'fastest-levenshtein';
import { UsageError } from './errors.mjs';

export const FAMILIES = ['legacy', 'v1'];

/**
 * The closest of `names` to `wanted` (case-insensitive edit distance, then shared prefix), at most `count`.
 * @param {string} wanted  @param {Iterable<string>} names  @param {number} [count]
 */
export function closestNames(wanted, names, count = 3) {
  const w = wanted.toLowerCase();
  return [...new Set(names)]
    .map((name) => ({ name, d: name.toLowerCase().includes(w) || w.includes(name.toLowerCase()) ? 0 : distance(w, name.toLowerCase()) }))
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, count)
    .map((c) => c.name);
}

/**
 * `a,b , c` → ['a','b','c']; repeated flags are concatenated by the caller. Empty items are a usage error.
 * @param {string} flag  @param {string[] | undefined} values
 */
export function splitList(flag, values) {
  const items = (values ?? []).flatMap((v) => v.split(',')).map((s) => s.trim());
  if (items.some((s) => !s)) throw new UsageError(`--${flag}: empty name in "${(values ?? []).join(',')}"`);
  return items;
}

/**
 * @param {{operationId: string, family: string, tags: string[]}[]} operations every operation of the spec
 * @param {{only?: string[] | undefined, skip?: string[] | undefined, family?: string | undefined, tags?: string[] | undefined}} criteria
 * @returns {{ids: Set<string>, all: boolean, description: string}}
 */
export function resolveSelection(operations, criteria = {}) {
  const { only = [], skip = [], family, tags = [] } = criteria;
  const ids = operations.map((op) => op.operationId);
  /** @param {string} flag  @param {string[]} names */
  const unknownIds = (flag, names) => {
    const unknown = names.filter((n) => !ids.includes(n));
    if (unknown.length) {
      throw new UsageError(unknown.map((n) => `--${flag}: no operation "${n}" in the spec; closest: ${closestNames(n, ids).join(', ')}`).join('\n'));
    }
  };
  unknownIds('only', only);
  unknownIds('skip', skip);
  if (family !== undefined && !FAMILIES.includes(family)) {
    throw new UsageError(`--family: "${family}" is not a family; use one of ${FAMILIES.join(', ')}`);
  }
  const specTags = [...new Set(operations.flatMap((op) => op.tags))];
  const wantedTags = tags.map((t) => {
    const match = specTags.find((s) => s.toLowerCase() === t.toLowerCase());
    if (!match)
      throw new UsageError(
        `--tag: no tag "${t}" in the spec; closest: ${closestNames(t, specTags)
          .map((s) => JSON.stringify(s))
          .join(', ')}`,
      );
    return match;
  });

  const selected = operations.filter(
    (op) =>
      (!only.length || only.includes(op.operationId)) &&
      (!family || op.family === family) &&
      (!wantedTags.length || op.tags.some((t) => wantedTags.includes(t))) &&
      !skip.includes(op.operationId),
  );
  const parts = [
    only.length ? `--only ${only.join(',')}` : '',
    family ? `--family ${family}` : '',
    wantedTags.length ? `--tag ${wantedTags.map((t) => JSON.stringify(t)).join(',')}` : '',
    skip.length ? `--skip ${skip.join(',')}` : '',
  ].filter(Boolean);
  const description = `selected ${selected.length} of ${operations.length} operations (${parts.length ? parts.join(' ') : 'all'})`;
  if (!selected.length) throw new UsageError(`${description}: nothing to run; a run that checks nothing must not pass`);
  return { ids: new Set(selected.map((op) => op.operationId)), all: selected.length === operations.length, description };
}
