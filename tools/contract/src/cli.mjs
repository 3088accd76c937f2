#!/usr/bin/env node
// laevitas-contract: the contract tests of the Laevitas API as one command (usage in args.mjs). Exit codes: 0 the
// contract held; 1 it was violated; 2 a usage error or an unreachable target (nothing was checked); 3 the runner
// itself failed. The API key is read from LAEVITAS_API_KEY only: a key on the command line would end up in shell
// history and CI logs.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { HELP, parseCli } from './args.mjs';
import { UsageError } from './errors.mjs';
import { annotation, createProgress } from './output.mjs';
import { SPEC_JSON } from './paths.mjs';
import { versions } from './versions.mjs';

/** @param {string[]} argv  @returns {Promise<number | undefined>} */
async function main(argv) {
  const { command, values, port, patterns, wsSeconds, seconds, rateShare, exported } = parseCli(argv);
  if (command === 'help') return (console.log(HELP), 0);
  if (command === 'version') {
    const { version, specVersion } = versions();
    console.log(`@laevitas-api/contract ${version} (spec ${specVersion})`);
    return 0;
  }
  if (command === 'mock') {
    const { startMock } = await import('./mock.mjs');
    const mock = await startMock({
      port: port ?? Number(process.env.MOCK_PORT ?? process.env.PORT ?? 4010),
      host: process.env.HOST ?? '127.0.0.1',
      quiet: !values.verbose,
    });
    console.log(`Mock API (both families): ${mock.url}\nStream mock (WebSocket gateway): ${mock.streamUrl} (any key, in the apikey header)`);
    const stop = async () => {
      await mock.stop();
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return undefined;
  }
  if (exported) {
    const { runExport } = await import('./export/export.mjs');
    const { formatOf } = await import('./export/formats.mjs');
    const { operationId, query, maxPages, out } = exported;
    return runExport({
      operationId,
      query,
      out: resolve(out),
      format: formatOf(values.format, out),
      yes: values.yes,
      ...(values['max-cost'] === undefined ? {} : { maxCost: values['max-cost'] }),
      ...(maxPages === undefined ? {} : { maxPages }),
      legacyBaseUrl: values['base-url'] ?? process.env.LAEVITAS_BASE_URL,
      v1BaseUrl: values['v2-base-url'] ?? process.env.LAEVITAS_V2_BASE_URL,
      apiKey: process.env.LAEVITAS_API_KEY,
      creditToken: process.env.LAEVITAS_CREDIT_TOKEN,
    });
  }
  if (command === 'watch') {
    const { watchStream } = await import('./stream/watch.mjs');
    return watchStream({
      url: values.url ?? process.env.LAEVITAS_WS_URL ?? `ws://localhost:${process.env.MOCK_PORT ?? 4010}/ws`,
      apiKey: process.env.LAEVITAS_API_KEY ?? 'any',
      patterns,
      seconds,
    });
  }

  if (command === 'propose') {
    const { propose } = await import('./propose/command.mjs');
    const reports = resolve(/** @type {string} */ (values.reports));
    propose({ reports, spec: values.spec, out: values.out, body: values.body, apiKey: process.env.LAEVITAS_API_KEY });
    return 0;
  }

  const { resolveSelection, splitList } = await import('./select.mjs');
  const { operationsOf } = await import('./spec-model.mjs');
  const narrowed = values.only || values.skip || values.tag || values.family !== undefined;
  const document = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
  const selection = resolveSelection(operationsOf(document), {
    only: splitList('only', values.only),
    skip: splitList('skip', values.skip),
    tags: splitList('tag', values.tag),
    family: values.family,
  });
  if (command === 'budget') {
    const { describeBudget, paceOf, planOf } = await import('./budget.mjs');
    const ids = narrowed && !selection.all ? selection.ids : undefined;
    console.log(`${selection.description}\n${describeBudget(planOf(document, ids ? { only: (id) => ids.has(id) } : {}), paceOf(document, rateShare))}`);
    return 0;
  }
  const legacyBaseUrl = values['base-url'] ?? process.env.LAEVITAS_BASE_URL;
  const v1BaseUrl = values['v2-base-url'] ?? process.env.LAEVITAS_V2_BASE_URL;
  if ((legacyBaseUrl || v1BaseUrl) && !process.env.LAEVITAS_API_KEY) console.warn('LAEVITAS_API_KEY is not set: live calls will get 401/402.');
  if (process.env.LAEVITAS_WS_URL && !process.env.LAEVITAS_API_KEY)
    console.warn(
      'LAEVITAS_API_KEY is not set: the gateway refuses every subscribe with 401 (it reads the key only from the apikey header, which the run sends from LAEVITAS_API_KEY).',
    );
  const { runContract } = await import('./run.mjs');
  const progress = createProgress();
  const { exitCode } = await runContract({
    legacyBaseUrl,
    v1BaseUrl,
    apiKey: process.env.LAEVITAS_API_KEY,
    dredd: values['no-dredd'] ? false : values.dredd ? 'install' : true,
    only: narrowed && !selection.all ? selection.ids : undefined,
    selection: selection.description,
    onResult: progress.onResult,
    ...(values.reports ? { reportsDir: resolve(values.reports) } : {}),
    mockPort: port ?? 0,
    stream: !values['no-stream'],
    streamUrl: process.env.LAEVITAS_WS_URL || undefined,
    streamSeconds: wsSeconds,
    verbose: values.verbose,
    rateShare,
    observe: values.observe,
    log: (line) => {
      progress.end();
      console.log(line);
    },
  });
  return exitCode;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error) => {
    // 2: nothing was checked (usage, unreachable target); 3: the runner itself broke. Neither may read as 1.
    const known = error?.exitCode === 2;
    const text = known ? error.message : `internal error: ${error?.stack ?? error}`;
    if (process.env.GITHUB_ACTIONS === 'true') console.error(annotation('error', 'laevitas-contract', text));
    console.error(`laevitas-contract: ${text}`);
    if (error instanceof UsageError) console.error('Run laevitas-contract --help for usage.');
    process.exitCode = known ? 2 : 3;
  },
);
