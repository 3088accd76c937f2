// The stream checks (./stream-checks.mjs) in a browser page, with MSW's setupWorker: `globalThis.__streamResults`
// resolves to their results.
import { setupWorker } from 'msw/browser';
import { runStreamChecks } from './stream-checks.mjs';

const worker = setupWorker();
globalThis.__streamResults = worker
  .start({ serviceWorker: { url: '/mockServiceWorker.js' }, quiet: true, onUnhandledFrame: 'error' })
  .then(() => runStreamChecks({ use: (handler) => worker.use(handler), reset: () => worker.resetHandlers() }))
  .catch((error) => [{ name: 'the worker started', ok: false, error: String(error?.stack ?? error) }]);
