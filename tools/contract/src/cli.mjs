#!/usr/bin/env node
// laevitas-contract: the contract tests as one command.
//   run   Dredd + the conformance suite against a target; the embedded Prism mock unless
//         LAEVITAS_BASE_URL / LAEVITAS_V2_BASE_URL (and LAEVITAS_API_KEY) name a live deployment.
//         Writes reports/contract-summary.txt, reports/conformance.junit.xml and reports/dredd.junit.xml.
//   mock  Serves the mock of both families on --port, MOCK_PORT or PORT (default 4010) and HOST until stopped.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, startMock } from './mock.mjs';
import { startValidatingProxy } from './proxy.mjs';
import { runDredd } from './dredd.mjs';
import { formatSummary, runConformance, toJUnit } from './conformance.mjs';
import { REPORTS } from './paths.mjs';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'no-dredd': { type: 'boolean', default: false },
    only: { type: 'string' },
    port: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
const command = positionals[0] ?? 'run';

if (command === 'mock') {
  const mock = await startMock({ port: Number(values.port ?? process.env.MOCK_PORT ?? process.env.PORT ?? 4010), host: process.env.HOST ?? '127.0.0.1', quiet: !values.verbose });
  console.log(`Mock API (both families): ${mock.url}`);
  const stop = async () => {
    await mock.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} else if (command === 'run') {
  process.exitCode = await run();
} else {
  console.error('usage: laevitas-contract run [--no-dredd] [--only <operationId,…>] | mock [--port N]');
  process.exitCode = 2;
}

async function run() {
  const started = Date.now();
  const legacyLive = process.env.LAEVITAS_BASE_URL;
  const v1Live = process.env.LAEVITAS_V2_BASE_URL;
  const kind = legacyLive || v1Live ? 'live' : 'mock';
  if (kind === 'live' && !process.env.LAEVITAS_API_KEY) console.warn('LAEVITAS_API_KEY is not set: live calls will get 401/402.');
  const only = values.only ? new Set(values.only.split(',')) : undefined;
  const cleanup = [];
  mkdirSync(REPORTS, { recursive: true });
  try {
    let legacyBaseUrl, v1BaseUrl, dreddEndpoint, dreddEnv;
    if (kind === 'mock') {
      const mock = await startMock({ port: Number(values.port ?? 0) }); // a free port: runs on a shared machine never collide
      cleanup.push(mock.stop);
      legacyBaseUrl = v1BaseUrl = dreddEndpoint = mock.url;
      dreddEnv = {};
    } else {
      legacyBaseUrl = legacyLive ?? 'https://api.laevitas.ch';
      v1BaseUrl = v1Live ?? 'https://apiv2.laevitas.ch';
      const legacyProxy = await startValidatingProxy({ upstream: legacyBaseUrl, port: await freePort() });
      const v1Proxy = await startValidatingProxy({ upstream: v1BaseUrl, port: await freePort() });
      cleanup.push(legacyProxy.stop, v1Proxy.stop);
      dreddEndpoint = v1Proxy.url;
      dreddEnv = { LAEVITAS_BASE_URL: legacyProxy.url, LAEVITAS_V2_BASE_URL: v1Proxy.url };
    }
    console.log(`Contract run against ${kind === 'mock' ? `the mock (${legacyBaseUrl})` : `legacy ${legacyBaseUrl}, v1 ${v1BaseUrl}`}`);

    let dreddOk = true;
    let dreddLine = 'dredd: not run (--no-dredd)';
    if (!values['no-dredd']) {
      const dredd = await runDredd({ endpoint: dreddEndpoint, kind, env: dreddEnv, junitPath: join(REPORTS, 'dredd.junit.xml'), verbose: values.verbose });
      dreddOk = dredd.ok;
      dreddLine = `dredd: ${dredd.passed} passed, ${dredd.failed + dredd.errors} failed, ${dredd.skipped} skipped (HEAD transactions are skipped: Dredd 14 cannot send them)`;
      if (!dredd.ok) console.log(dredd.output.split('\n').filter((l) => /fail|error/i.test(l)).slice(0, 40).join('\n'));
    }
    const report = await runConformance({
      legacyBaseUrl,
      v1BaseUrl,
      apiKey: process.env.LAEVITAS_API_KEY,
      kind,
      ...(only ? { only: (id) => only.has(id) } : {}),
    });
    const summary = `${formatSummary(report)}\n${dreddLine}\nduration: ${((Date.now() - started) / 1000).toFixed(1)} s`;
    writeFileSync(join(REPORTS, 'contract-summary.txt'), summary + '\n');
    writeFileSync(join(REPORTS, 'conformance.junit.xml'), toJUnit(report));
    console.log(summary);
    console.log(`reports: ${REPORTS}/{contract-summary.txt,conformance.junit.xml,dredd.junit.xml}`);
    return dreddOk && report.results.every((r) => r.outcome !== 'failed') ? 0 : 1;
  } finally {
    for (const stop of cleanup) await stop();
  }
}
