#!/usr/bin/env node
// laevitas-contract: the contract tests as one command.
//   run   Dredd + the conformance suite against a target; the embedded Prism mock unless
//         LAEVITAS_BASE_URL / LAEVITAS_V2_BASE_URL (and LAEVITAS_API_KEY) name a live deployment.
//         Writes reports/contract-summary.txt, reports/conformance.junit.xml, reports/dredd.junit.xml (and Dredd's own
//         reports/dredd.xunit.xml). See run.mjs. It also checks the streaming gateway (reports/stream.junit.xml):
//         the mock's /ws, or LAEVITAS_WS_URL, for --ws-seconds / LAEVITAS_WS_SECONDS seconds; --no-stream skips it.
//   watch Prints the events of channel patterns: `watch trades.* [--url ws://…/ws] [--seconds N]` (default: the mock
//         on localhost:4010, LAEVITAS_API_KEY or `any` as key), each checked against the contract.
//   mock  Serves the mock of both families on --port, MOCK_PORT or PORT (default 4010) and HOST until stopped, and the
//         streaming gateway mock on the same port at /ws (MOCK_WS_RATE events per second per subscription).
import { parseArgs } from 'node:util';
import { startMock } from './mock.mjs';
import { runContract } from './run.mjs';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    'no-dredd': { type: 'boolean', default: false },
    'no-stream': { type: 'boolean', default: false },
    'ws-seconds': { type: 'string' },
    url: { type: 'string' },
    seconds: { type: 'string' },
    only: { type: 'string' },
    port: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
const command = positionals[0] ?? 'run';

if (command === 'mock') {
  const mock = await startMock({ port: Number(values.port ?? process.env.MOCK_PORT ?? process.env.PORT ?? 4010), host: process.env.HOST ?? '127.0.0.1', quiet: !values.verbose });
  console.log(`Mock API (both families): ${mock.url}\nStream mock (WebSocket gateway): ${mock.streamUrl}?apiKey=any`);
  const stop = async () => {
    await mock.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} else if (command === 'run') {
  const legacyBaseUrl = process.env.LAEVITAS_BASE_URL;
  const v1BaseUrl = process.env.LAEVITAS_V2_BASE_URL;
  if ((legacyBaseUrl || v1BaseUrl) && !process.env.LAEVITAS_API_KEY) console.warn('LAEVITAS_API_KEY is not set: live calls will get 401/402.');
  if (process.env.LAEVITAS_WS_URL && !process.env.LAEVITAS_API_KEY) console.warn('LAEVITAS_API_KEY is not set: the gateway will close the stream with 4001 unless LAEVITAS_WS_URL carries ?apiKey=.');
  const { exitCode } = await runContract({
    legacyBaseUrl,
    v1BaseUrl,
    apiKey: process.env.LAEVITAS_API_KEY,
    dredd: !values['no-dredd'],
    only: values.only ? new Set(values.only.split(',')) : undefined,
    mockPort: values.port ? Number(values.port) : 0,
    stream: !values['no-stream'],
    streamUrl: process.env.LAEVITAS_WS_URL || undefined,
    streamSeconds: secondsOf(values['ws-seconds'] ?? process.env.LAEVITAS_WS_SECONDS),
    verbose: values.verbose,
  });
  process.exitCode = exitCode;
} else if (command === 'watch') {
  const { watchStream } = await import('./stream/watch.mjs');
  process.exitCode = await watchStream({
    url: values.url ?? process.env.LAEVITAS_WS_URL ?? `ws://localhost:${process.env.MOCK_PORT ?? 4010}/ws`,
    apiKey: process.env.LAEVITAS_API_KEY ?? 'any',
    patterns: positionals.slice(1),
    seconds: secondsOf(values.seconds),
  });
} else {
  console.error('usage: laevitas-contract run [--no-dredd] [--no-stream] [--ws-seconds N] [--only <operationId,…>] | watch <pattern…> [--url U] [--seconds N] | mock [--port N]');
  process.exitCode = 2;
}


/** `--ws-seconds` / LAEVITAS_WS_SECONDS: a positive number of seconds, or undefined for the default. */
function secondsOf(text) {
  if (text === undefined || text === '') return undefined;
  const seconds = Number(text);
  if (!(seconds > 0)) {
    console.error(`--ws-seconds / LAEVITAS_WS_SECONDS must be a positive number of seconds (got ${JSON.stringify(text)})`);
    process.exit(2);
  }
  return seconds;
}
