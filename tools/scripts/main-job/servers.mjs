#!/usr/bin/env node
// One server of the main job in a process of its own, started by the supervisor (./supervise.mjs) with
// `node servers.mjs mock|docs`; the port and host come from PORT and HOST. Once listening it tells the supervisor
// its address over the IPC channel. An uncaught error ends this process (its state is unknown after one) and the
// supervisor starts a fresh one; the other server, in its own process, never notices.
// MAIN_JOB_SPEC_BUNDLE (Prism's spec) and MAIN_JOB_DOCS_ROOT (the site) point at the main job's copy of the build
// (./snapshot.mjs), which the background Nx check never rewrites; unset, the servers read the build itself.

const which = process.argv[2];
const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';

process.on('uncaughtException', (error) => {
  process.stderr.write(`[${which}] uncaught: ${error.stack}\n`);
  process.exit(1);
});
process.on('unhandledRejection', (error) => {
  process.stderr.write(`[${which}] unhandled rejection: ${/** @type {Error} */ (error)?.stack ?? error}\n`);
  process.exit(1);
});

/** @type {{url: string, streamUrl?: string, stop: () => Promise<unknown>}} */
let server;
if (which === 'mock') {
  const { startMock } = await import('../../contract/src/mock.mjs');
  // The port opens at once and Prism boots behind it (most of the mock's start): until Prism is up, the in-process
  // stages answer and what only Prism answers waits for it.
  const mock = await startMock({ port, host, awaitPrism: false, spec: process.env.MAIN_JOB_SPEC_BUNDLE || undefined });
  const listening = Date.now();
  mock.prism.whenUp().then((up) => {
    if (up) process.stderr.write(`[mock] Prism is up, ${((Date.now() - listening) / 1000).toFixed(1)} s after the mock port opened\n`);
  });
  server = mock;
} else if (which === 'docs') {
  const { serveDocs } = await import('../../../packages/docs/scripts/serve.mjs');
  const docs = await serveDocs(port, host, { root: process.env.MAIN_JOB_DOCS_ROOT || undefined });
  const address = /** @type {import('node:net').AddressInfo} */ (docs.address());
  server = {
    url: `http://${host}:${address.port}`,
    stop: () => {
      docs.closeAllConnections();
      return new Promise((resolve) => docs.close(resolve));
    },
  };
} else {
  throw new Error(`servers.mjs: expected "mock" or "docs", got ${JSON.stringify(which)}`);
}

process.send?.({ ready: true, url: server.url, streamUrl: server.streamUrl, port: Number(new URL(server.url).port) });
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', () => {}); // Ctrl-C reaches the whole process group: the supervisor decides when to stop
process.on('disconnect', stop); // the supervisor is gone: nobody would restart or stop this server
