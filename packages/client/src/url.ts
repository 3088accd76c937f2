// Builds the request URL of an operation: the family's base URL, path parameters encoded into the template, and
// query parameters serialised in a stable order. Unknown parameters are rejected, not silently dropped.
import type { OperationInfo } from './generated/operations.js';
import { RequestValidationError } from './errors.js';

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

export function buildUrl(
  operationId: string,
  info: OperationInfo,
  baseUrl: string,
  pathParams: Record<string, unknown> | undefined,
  query: Record<string, QueryValue> | undefined,
): URL {
  const issues: { path: string; rule: string; message: string }[] = [];
  const path = info.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = pathParams?.[name];
    if (value === undefined || value === null || value === '') {
      issues.push({ path: `path.${name}`, rule: 'required', message: `path.${name} is required` });
      return '';
    }
    const text = String(value);
    return encodeURIComponent(info.caseInsensitive.includes(name) ? text.toUpperCase() : text);
  });
  for (const name of Object.keys(pathParams ?? {})) {
    if (!info.pathParams.includes(name)) issues.push({ path: `path.${name}`, rule: 'unknown', message: `path.${name} is not a parameter of ${info.method} ${info.path}` });
  }
  for (const name of Object.keys(query ?? {})) {
    if (!info.queryParams.includes(name)) {
      issues.push({ path: `query.${name}`, rule: 'unknown', message: `query.${name} is not a parameter of ${info.method} ${info.path} (known: ${info.queryParams.join(', ') || 'none'})` });
    }
  }
  if (issues.length) throw new RequestValidationError(operationId, issues);

  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const name of info.queryParams) {
    const value = query?.[name];
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    url.searchParams.set(name, info.caseInsensitive.includes(name) ? text.toUpperCase() : text);
  }
  return url;
}

/** The URL as it may appear in errors and logs: values of credential-looking query keys replaced. */
export function redactUrl(url: URL): string {
  const copy = new URL(url);
  for (const key of [...copy.searchParams.keys()]) {
    if (/key|token|signature|secret/i.test(key)) copy.searchParams.set(key, '[redacted]');
  }
  return copy.toString();
}
