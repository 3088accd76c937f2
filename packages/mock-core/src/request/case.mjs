// Case-insensitive parameters (`x-case-insensitive`): the front upper-cases them before any stage sees the request,
// so `/historical/derivs/perpetuals/binance/BTCUSDT` is answered like `BINANCE`. Runtime-neutral: the MSW handlers of
// @laevitas-api/testing normalise the same way (the stages of pipeline.mjs).

/**
 * @typedef {{pattern: RegExp, upperAt: number[], query: string[]}} CaseRule
 * @typedef {import('../stage.mjs').OperationModel} OperationModel
 */

/**
 * Path templates with the positions of their case-insensitive segments, and the case-insensitive query names.
 * @param {OperationModel[]} operations  @returns {CaseRule[]}
 */
export function caseRules(operations) {
  return operations
    .filter((op) => op.parameters.some((p) => p.caseInsensitive))
    .map((op) => {
      const upper = new Set(op.parameters.filter((p) => p.caseInsensitive && p.in === 'path').map((p) => `{${p.name}}`));
      const segments = op.path.split('/');
      return {
        pattern: new RegExp(`^${segments.map((s) => (s.startsWith('{') ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`),
        upperAt: segments.flatMap((s, i) => (upper.has(s) ? [i] : [])),
        query: op.parameters.filter((p) => p.caseInsensitive && p.in === 'query').map((p) => p.name),
      };
    });
}

/** Upper-cases the case-insensitive parameters of the first rule whose template matches the URL.  @param {URL} url  @param {CaseRule[]} rules */
export function normaliseCase(url, rules) {
  const rule = rules.find((r) => r.pattern.test(url.pathname));
  if (!rule) return url;
  const segments = url.pathname.split('/');
  for (const i of rule.upperAt) {
    // A malformed escape stays as sent: route matching answers it with a 400 naming the parameter.
    const segment = segments[i];
    if (segment === undefined) continue;
    try {
      segments[i] = encodeURIComponent(decodeURIComponent(segment).toUpperCase());
    } catch {
      /* left for the route stage */
    }
  }
  url.pathname = segments.join('/');
  for (const name of rule.query) if (url.searchParams.has(name)) url.searchParams.set(name, /** @type {string} */ (url.searchParams.get(name)).toUpperCase());
  return url;
}
