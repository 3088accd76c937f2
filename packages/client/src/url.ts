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

/** The URL as it may appear in errors and logs: userinfo and values of credential-looking query keys replaced. */
export function redactUrl(url: URL | string): string {
  const copy = new URL(url);
  if (copy.username || copy.password) {
    copy.username = 'redacted';
    copy.password = '';
  }
  for (const key of [...copy.searchParams.keys()]) {
    if (/key|token|signature|secret/i.test(key)) copy.searchParams.set(key, '[redacted]');
  }
  return copy.toString();
}

/**
 * fetch refuses URLs with `user:password@`; the credentials go in an `Authorization: Basic` header instead (what
 * curl and browsers do), and the URL that is sent, and reported, has none.
 */
export function splitUserinfo(url: URL): { url: URL; authorization: string | undefined } {
  if (!url.username && !url.password) return { url, authorization: undefined };
  const bare = new URL(url);
  bare.username = '';
  bare.password = '';
  const pair = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  const bytes = new TextEncoder().encode(pair);
  return { url: bare, authorization: `Basic ${btoa(String.fromCharCode(...bytes))}` };
}

const LOCAL_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|[^.]+\.localhost|0\.0\.0\.0)$/i;

/** True for an `http:` URL that leaves this machine: a key sent there travels in clear text. */
export function isInsecureRemote(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === 'http:' && !LOCAL_HOSTS.test(parsed.hostname);
}
