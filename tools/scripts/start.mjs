#!/usr/bin/env node
// The main job: serve the mock API of both families on :4010 (with the streaming gateway mock at /ws) and the docs
// on :8080 until Ctrl-C, each server in a supervised process of its own (./main-job/supervise.mjs), so that nothing
// a client sends to one port takes the other down, and a server that dies is started again.
//
// Every package is regenerated from the spec through Nx (an unchanged spec is served from its cache). On a fresh
// clone that runs first, since the servers need what it builds. On a warm clone (the outputs exist) the servers
// start at once from the last build while Nx checks in the background; if the check rewrote any output, both servers
// are restarted on it. `--no-build` serves what is built and skips Nx.
//
// The servers never read the build while Nx may write it: the docs site and Prism's spec are served from a copy
// (./main-job/snapshot.mjs) and the mock loads the rest once at start. A cache hit of the background check restores
// its outputs in place (Nx deletes them and copies them back), and a server reading them meanwhile answered 500s.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './main-job/supervise.mjs';
import { dropSnapshot, dropStaleSnapshots, takeSnapshot } from './main-job/snapshot.mjs';

const startedAt = Date.now();
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const noBuild = process.argv.includes('--no-build');
// What the two servers read: the mock its spec bundle and the client's wire layer, the docs server the site.
const OUTPUTS = ['spec/dist', 'packages/client/dist', 'packages/docs/dist'].map((dir) => join(root, dir));
const NX_ARGS = ['exec', 'nx', 'run-many', '-t', 'generate', 'build', '--outputStyle=static'];
const nxEnv = { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' };

/** Paths, sizes and modification times of every output file: cheap, and it changes whenever Nx writes one. */
function fingerprint() {
  const hash = createHash('sha256');
  for (const dir of OUTPUTS) {
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = join(entry.parentPath ?? entry.path, entry.name);
      const { size, mtimeMs } = statSync(file);
      hash.update(`${file}\0${size}\0${mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

/** @param {'inherit' | 'pipe'} stdio @returns {Promise<{code: number | null, output: string}>} */
function runNx(stdio) {
  return new Promise((resolve) => {
    const nx = spawn('pnpm', NX_ARGS, { cwd: root, env: nxEnv, stdio: ['ignore', stdio, stdio] });
    let output = '';
    nx.stdout?.on('data', (chunk) => (output += chunk));
    nx.stderr?.on('data', (chunk) => (output += chunk));
    nx.on('exit', (code) => resolve({ code, output }));
    process.once('exit', () => nx.kill());
  });
}

const warm = OUTPUTS.every((dir) => existsSync(dir)) && existsSync(join(root, 'packages/docs/dist/index.html'));
if (!warm && !noBuild) {
  const { code } = await runNx('inherit');
  if (code !== 0) process.exit(code ?? 1);
}

dropStaleSnapshots(root);
let snapshot = takeSnapshot(root);
process.on('exit', () => dropSnapshot(snapshot));
const env = () => ({ ...process.env, MAIN_JOB_SPEC_BUNDLE: snapshot.specBundle, MAIN_JOB_DOCS_ROOT: snapshot.docsRoot });
const host = process.env.HOST ?? '127.0.0.1';
const mockServer = supervise('mock', { port: Number(process.env.MOCK_PORT ?? 4010), host, env });
const docsServer = supervise('docs', { port: Number(process.env.DOCS_PORT ?? 8080), host, env });
const servers = [mockServer, docsServer];
const seconds = () => ((Date.now() - startedAt) / 1000).toFixed(1);
/** Each port's readiness as it comes (the docs port is up well before the mock's). @param {import('./main-job/supervise.mjs').Supervised} server */
const announced = (server) =>
  server.ready.then((ready) => {
    console.log(`[main job] the ${server.name} port ${ready.port} answers, ${seconds()} s after start`);
    return ready;
  });
const [mock, docs] = await Promise.all([announced(mockServer), announced(docsServer)]).catch((error) => {
  console.error(`[main job] ${error.message}`);
  return process.exit(1);
});
console.log(`
Mock API (both families, Prism): ${mock.url}
  try: curl -H 'apiKey: any' ${mock.url}/analytics/derivs/futures/DERIBIT/BTC/26MAR27
       curl -H 'X-API-Key: any' '${mock.url}/api/v1/options/ohlcvt?instrument_name=BTC-26MAR27-100000-C&resolution=1h'
       curl -i -H 'X-API-Key: any' -H 'Prefer: code=402' ${mock.url}/api/v1/options/ohlcvt
Stream mock (WebSocket gateway): ${mock.streamUrl}  (the key goes in the apikey header of the upgrade, never the URL)
  try: node tools/contract/src/cli.mjs watch trades.futures.binance.BTCUSDT --seconds 5
       or any WebSocket client with the header apikey: any, then send
       {"id":1,"method":"subscribe","params":{"channels":["trades.futures.binance.BTCUSDT"]}}
API reference (Redoc):           http://localhost:${docs.port}/
Streaming reference (AsyncAPI):  http://localhost:${docs.port}/stream.html
Main job pid ${process.pid}; mock server pid ${mockServer.pid()}, docs server pid ${docsServer.pid()}.
Ready in ${seconds()} s (Prism, for what the mock's own stages do not answer, may still be booting: such requests wait for it). Press Ctrl-C to stop.`);

let stopping = false;
const stop = async () => {
  stopping = true;
  await Promise.all(servers.map((server) => server.stop()));
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

if (warm && !noBuild) {
  console.log('[main job] serving the last build; checking it with Nx in the background');
  const before = fingerprint();
  const { code, output } = await runNx('pipe');
  if (stopping) {
    // Ctrl-C ended the check too: nothing to report
  } else if (code !== 0) {
    console.error(`${output}\n[main job] the background build failed (above); still serving the last good build`);
  } else if (fingerprint() !== before) {
    console.log('[main job] the build changed; restarting both servers on it');
    const previous = snapshot;
    snapshot = takeSnapshot(root);
    await Promise.all(servers.map((server) => server.restart()));
    dropSnapshot(previous);
    console.log('[main job] both servers restarted on the new build');
  } else {
    console.log('[main job] the build is up to date');
  }
}
