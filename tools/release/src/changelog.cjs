// The CHANGELOG lines `changeset version` writes (.changeset/config.json `changelog`): Changesets' default format
// (@changesets/changelog-git: the optional commit, the first line as the bullet, the rest indented under it), except
// that a changeset's ```yaml corrections block is replaced by the plain warning of correction-block.cjs, so users
// read "Correction (the service already behaved this way since …): code compiled against the old types may need
// changes" instead of the gate's YAML.
'use strict';

const { correctionNotice, readCorrectionBlock } = require('./correction-block.cjs');

/** @param {string} text @param {string | undefined} commit */
function bullet(text, commit) {
  const [first = '', ...rest] = text.split('\n').map((l) => l.trimEnd());
  return [`- ${commit ? `${commit.slice(0, 7)}: ` : ''}${first}`, ...rest.map((l) => (l ? `  ${l}` : ''))].join('\n');
}

/**
 * @param {{summary: string, commit?: string | undefined}} changeset
 * @returns {Promise<string>}
 */
async function getReleaseLine(changeset) {
  const { acknowledges, text } = readCorrectionBlock(changeset.summary);
  return bullet(acknowledges.length ? `${text}\n\n${correctionNotice(acknowledges)}` : text, changeset.commit);
}

/**
 * @param {{commit?: string | undefined}[]} changesets
 * @param {{name: string, newVersion: string}[]} dependenciesUpdated
 * @returns {Promise<string>}
 */
async function getDependencyReleaseLine(changesets, dependenciesUpdated) {
  if (!dependenciesUpdated.length) return '';
  return [
    ...changesets.map((c) => `- Updated dependencies${c.commit ? ` [${c.commit.slice(0, 7)}]` : ''}`),
    ...dependenciesUpdated.map((d) => `  - ${d.name}@${d.newVersion}`),
  ].join('\n');
}

module.exports = { getReleaseLine, getDependencyReleaseLine };
