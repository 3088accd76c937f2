// Why the client's request path makes objects with Object.assign or writes them out, never `{ ...a, more }`: in
// Node 20's V8 an object spread followed by more properties leaves the fast clone path, and one such object per
// request cost more than the rest of the client's per-request work (packages/client/src/internal/core.ts). Printed by
// `pnpm bench` beside the client overhead, or alone: `node tools/bench/object-copy.mjs`.
import { runWhenMain } from './standalone.mjs';

/** Nanoseconds per call of `make`, after a warm-up, its results kept so the optimiser cannot drop the work. @param {() => object} make */
function nsPerCall(make, calls = 200_000) {
  const kept = new Array(64);
  for (let i = 0; i < 20_000; i++) kept[i & 63] = make();
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) kept[i & 63] = make();
  return Number(process.hrtime.bigint() - started) / calls;
}

/** @param {import('./report.js').Report} report */
export function objectCopy(report) {
  // The shapes the client had: the attempt made from the request, the event made from the summary.
  const request = { url: 'http://127.0.0.1/api/v1/options/ohlcvt', headers: {}, body: undefined, atMostOnce: false };
  const summary = { method: 'GET', url: request.url, operationId: 'getOptionsOhlcvt' };
  const spread = nsPerCall(() => ({ ...request, method: 'GET', timeoutMs: 60_000, signal: undefined, fetch: globalThis.fetch, summary }));
  const assign = nsPerCall(() => Object.assign({ method: 'GET', timeoutMs: 60_000, signal: undefined, fetch: globalThis.fetch, summary }, request));
  const event = nsPerCall(() => ({ ...summary, attempt: 1 }));
  const eventAssign = nsPerCall(() => Object.assign({ attempt: 1 }, summary));
  report(
    `object copy, Node ${process.versions.node}: { ...request, 5 more } / Object.assign`,
    `${(spread / assign).toFixed(1)}x (${spread.toFixed(0)} ns / ${assign.toFixed(0)} ns)`,
  );
  report(
    'object copy: { ...summary, attempt } / Object.assign',
    `${(event / eventAssign).toFixed(1)}x (${event.toFixed(0)} ns / ${eventAssign.toFixed(0)} ns)`,
  );
}

await runWhenMain(import.meta.url, objectCopy);
