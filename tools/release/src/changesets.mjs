// The pending changesets (.changeset/*.md), read with Changesets' own reader so a file it would ignore or reject is
// not counted here either.
import readChangesets from '@changesets/read';
import { dirname } from 'node:path';

/** @param {string} changesetDir the .changeset folder @returns {Promise<{id: string, summary: string, releases: {name: string, type: string}[]}[]>} */
export async function pendingChangesets(changesetDir) {
  return readChangesets(dirname(changesetDir));
}

/**
 * The first changeset that releases a major, as `.changeset/<id>.md`, or undefined.
 * @param {{id: string, releases: {type: string}[]}[]} changesets
 */
export function majorChangeset(changesets) {
  const major = changesets.find((c) => c.releases.some((r) => r.type === 'major'));
  return major ? `.changeset/${major.id}.md` : undefined;
}
