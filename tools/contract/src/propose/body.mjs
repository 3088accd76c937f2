// The pull request's text: what the patch proposes (one line per edit, with the operations it was seen in and its
// `x-source`), what could not be inferred (each finding with its evidence), and how to reproduce the run. A
// maintainer reviews the diff; this says why each line of it is there.

/** @typedef {import('./infer.mjs').Edit} Edit  @typedef {import('./infer.mjs').Finding} Finding */

/** @param {string} text */
const code = (text) => `\`${String(text).replaceAll('`', "'")}\``;

/** @param {Edit} edit */
function describeEdit(edit) {
  switch (edit.kind) {
    case 'add-property':
      return `new field ${code(edit.name)} in ${code(edit.pointer)}: ${code(JSON.stringify({ type: edit.schema.type ?? 'any', examples: edit.schema.examples }))}`;
    case 'add-enum-member':
      return `new value${edit.values.length > 1 ? 's' : ''} ${edit.values.map((v) => code(JSON.stringify(v))).join(', ')} in the value set ${code(edit.pointer)}`;
    case 'add-status':
      return `new status ${code(String(edit.status))} of ${code(`${edit.operation.method.toUpperCase()} ${edit.operation.path}`)}${edit.sameAs ? ` (its body validates as the ${edit.sameAs} one)` : ''}`;
    default:
      return `new header ${code(edit.name)} on ${code(edit.pointer)}`;
  }
}

/**
 * @param {{date: string, specVersion: string, edits: Edit[], findings: Finding[], files: string[], budget?: string | undefined}} proposal
 * @returns {string} Markdown
 */
export function pullRequestBody({ date, specVersion, edits, findings, files, budget }) {
  const lines = [
    `## Drift watch ${date}: the service differs from contract ${specVersion}`,
    '',
    `The nightly contract run (\`laevitas-contract run --observe\`) saw what follows; \`laevitas-contract propose\` turned what can be inferred safely into this diff (fields, value-set members, statuses and headers are only ever added, each with an \`x-source\` naming the observation) and lists the rest as findings.`,
    ...(budget ? ['', budget] : []),
    '',
    `### Proposed (${edits.length})`,
    '',
  ];
  if (edits.length) {
    lines.push(`Files: ${files.map(code).join(', ')}`, '');
    for (const edit of edits) lines.push(`- ${describeEdit(edit)}; seen in ${edit.seenIn.map(code).join(', ')}`);
  } else lines.push('Nothing to add to the spec.');
  lines.push('', `### Findings (${findings.length}): not inferred, a person decides`, '');
  if (!findings.length) lines.push('None.');
  for (const f of findings) {
    lines.push(`- **${f.kind}** in ${code(f.operationId)}: ${f.message.replaceAll('\n', ' ')}`);
    lines.push(
      '  <details><summary>evidence</summary>',
      '',
      '  ```json',
      ...JSON.stringify(f.evidence, null, 2)
        .split('\n')
        .map((l) => `  ${l}`),
      '  ```',
      '  </details>',
    );
  }
  lines.push(
    '',
    '### Reproduce',
    '',
    '```sh',
    'laevitas-contract run --observe --rate-share 0.25 --no-dredd --no-stream --reports drift-reports',
    'laevitas-contract propose --reports drift-reports --spec spec --out drift-reports/spec.patch',
    '```',
    '',
    'This pull request is updated by every run that still sees drift and closed by the first run that sees none.',
  );
  return lines.join('\n') + '\n';
}
