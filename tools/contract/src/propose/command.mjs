// `laevitas-contract propose`: a run's reports in, a patch of the spec, the findings and a pull-request body out.
// Reads `drift-observations.json` (written by `run --observe`) and `contract-summary.json` from the reports folder;
// writes the unified diff (only when there is something to add; a stale one is removed), `drift-findings.json` and
// the Markdown body. Every file written passes the redactor with LAEVITAS_API_KEY once more, so a key a service
// reflected can reach none of them. With GITHUB_OUTPUT set it also writes `changes`, `findings` and `drift` there.
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { UsageError } from '../errors.mjs';
import { SPEC_JSON } from '../paths.mjs';
import { infer } from './infer.mjs';
import { changesetFor, newFileDiff, proposePatch } from './patch.mjs';
import { pullRequestBody } from './body.mjs';
import { createRedactor } from './redact.mjs';

/**
 * @param {{reports: string, spec?: string | undefined, out?: string | undefined, body?: string | undefined, apiKey?: string | undefined,
 *   document?: Record<string, any> | undefined, log?: ((line: string) => void) | undefined, githubOutput?: string | undefined,
 *   label?: string | undefined}} options `label`: how the diff names the spec folder (default: its path from the working directory)
 */
export function propose(options) {
  const { reports, log = console.log } = options;
  const specDir = resolve(options.spec ?? 'spec');
  const out = resolve(options.out ?? join(reports, 'spec.patch'));
  const bodyFile = resolve(options.body ?? join(reports, 'drift-pull-request.md'));
  const observationsFile = join(reports, 'drift-observations.json');
  if (!existsSync(observationsFile))
    throw new UsageError(`--reports: ${observationsFile} is missing; run \`laevitas-contract run --observe --reports ${reports}\` first`);
  if (!existsSync(join(specDir, 'openapi.yaml'))) throw new UsageError(`--spec: ${specDir} holds no openapi.yaml (the spec's source folder)`);
  const observed = JSON.parse(readFileSync(observationsFile, 'utf8'));
  const summaryFile = join(reports, 'contract-summary.json');
  const failed = existsSync(summaryFile)
    ? JSON.parse(readFileSync(summaryFile, 'utf8')).operations.filter((/** @type {any} */ o) => o.status === 'failed')
    : [];
  const budgetFile = join(reports, 'budget.json');
  const document = options.document ?? JSON.parse(readFileSync(SPEC_JSON, 'utf8'));

  const { edits, findings } = infer(observed, failed);
  // The diff names files from where the command runs (the repository root in the workflow: `spec/…`).
  const label = options.label ?? (relative(process.cwd(), specDir).split('\\').join('/') || '.');
  const { diff: specDiff, files, refused } = proposePatch(edits, { specDir, label, document });
  for (const { edit, reason } of refused) {
    findings.push({ operationId: edit.seenIn[0] ?? '', kind: 'not placed automatically', message: reason, evidence: { edit } });
  }
  const placed = edits.filter((e) => !refused.some((r) => r.edit === e));
  // A spec change needs its changeset; it rides in the same patch, beside the spec folder.
  const date = observed.observedAt.slice(0, 10);
  const changeset = `${label === '.' ? '' : `${label.replace(/\/?[^/]+$/, '')}${label.includes('/') ? '/' : ''}`}.changeset/drift-watch-${date}.md`;
  const diff = specDiff ? specDiff + newFileDiff(changeset, changesetFor(placed, date)) : '';
  const redact = createRedactor(options.apiKey ? [options.apiKey] : []).text;
  /** @param {string} file  @param {string} text */
  const write = (file, text) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, redact(text));
  };
  if (diff) write(out, diff);
  else rmSync(out, { force: true });
  write(join(reports, 'drift-findings.json'), JSON.stringify({ observedAt: observed.observedAt, edits: placed, findings }, null, 2) + '\n');
  const budget = existsSync(budgetFile) ? JSON.parse(readFileSync(budgetFile, 'utf8')) : undefined;
  write(
    bodyFile,
    pullRequestBody({
      date,
      specVersion: observed.specVersion ?? document.info.version,
      edits: placed,
      findings,
      files,
      budget: budget
        ? `Budget: ${budget.sent} requests sent (${budget.total} planned) at ${Math.round(budget.share * 100)}% of the published rate limit; ${budget.rateLimited} answered 429.`
        : undefined,
    }),
  );
  const drift = Boolean(diff) || findings.length > 0;
  log(
    drift
      ? `propose: ${placed.length} change(s) in ${files.length} file(s)${diff ? ` → ${out}` : ''}; ${findings.length} finding(s) → ${join(reports, 'drift-findings.json')}`
      : 'propose: no drift; nothing to propose',
  );
  const githubOutput = options.githubOutput ?? process.env.GITHUB_OUTPUT;
  if (githubOutput) appendFileSync(githubOutput, `changes=${placed.length}\nfindings=${findings.length}\ndrift=${drift}\n`);
  return { edits: placed, findings, diff, files, drift, patchFile: diff ? out : undefined, bodyFile };
}
