// Rules the spec records as extensions because one parameter schema cannot express them, checked before a request
// is sent so a caller gets a clear error instead of a round trip: the per-market currency subsets of the legacy
// historical snapshots (x-currency-subsets), the longest start..end window (x-max-window) and the query parameters of
// which at least one must be sent (x-requires-one-of), and the query parameters the service requires (`required`).
import type { OperationInfo, PreflightIssue } from './operation-info.js';

export type { PreflightIssue };

const DAY_MS = 86_400_000;

export function preflight(info: OperationInfo, path: Record<string, unknown> = {}, query: Record<string, unknown> = {}): PreflightIssue[] {
  const issues: PreflightIssue[] = [];
  const subsets = info.currencySubsets;
  if (subsets && typeof path.market === 'string' && typeof path.currency === 'string') {
    const allowed = subsets[path.market.toUpperCase()];
    if (allowed && !allowed.includes(path.currency)) {
      issues.push({
        path: 'path.currency',
        rule: 'x-currency-subsets',
        message: `path.currency ${path.currency} is not served on ${path.market.toUpperCase()} (accepted: ${allowed.join(', ')})`,
      });
    }
  }
  const window = info.maxWindow;
  if (window && !(window.unlessParam && query[window.unlessParam] !== undefined)) {
    const end = query.end === undefined ? Date.now() : Date.parse(String(query.end));
    const start = query.start === undefined ? end - DAY_MS : Date.parse(String(query.start));
    if (Number.isFinite(start) && Number.isFinite(end) && end - start > window.days * DAY_MS) {
      const days = ((end - start) / DAY_MS).toFixed(1);
      const scope = window.unlessParam ? ` without ${window.unlessParam}` : '';
      issues.push({
        path: 'query.start',
        rule: 'x-max-window',
        message: `query.start..query.end spans ${days} days; at most ${window.days} are accepted${scope}`,
      });
    }
  }
  for (const name of info.requiredQuery ?? []) {
    const value = query[name];
    if (value === undefined || value === null || value === '') issues.push({ path: `query.${name}`, rule: 'required', message: `query.${name} is required` });
  }
  const oneOf = info.requiresOneOf;
  if (oneOf?.length && !oneOf.some((name) => query[name] !== undefined && query[name] !== '')) {
    issues.push({ path: 'query', rule: 'x-requires-one-of', message: `query needs at least one of ${oneOf.join(', ')}` });
  }
  return issues;
}
