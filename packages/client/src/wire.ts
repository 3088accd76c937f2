// The wire format of the API, in one place for the client and the contract runner (tools/contract) alike: which
// base URL serves an operation (family routing), how its URL is built from path and query parameters, and which
// headers carry the credentials on each family. Published as '@laevitas-api/client/wire'.
import type { ApiFamily, Family, OperationInfo } from './internal/operation-info.js';
import { DEFAULT_BASE_URLS } from './generated/spec-info.js';
import { RequestValidationError } from './errors.js';

export type { ApiFamily, Family, OperationInfo };
export { DEFAULT_BASE_URLS };

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

/** What building a URL needs of an operation. */
export type UrlTemplate = Pick<OperationInfo, 'operationId' | 'method' | 'path' | 'pathParams' | 'queryParams' | 'caseInsensitive'>;

export interface BaseUrls {
  /** Base URL of the legacy family (/analytics, /historical). */
  readonly baseUrl?: string | undefined;
  /** Base URL of the versioned family (/api/v1). */
  readonly v2BaseUrl?: string | undefined;
}

/** The base URL that serves a family, the spec's default where none is given. */
export function baseUrlFor(family: ApiFamily, bases: BaseUrls): string {
  return family === 'legacy' ? (bases.baseUrl ?? DEFAULT_BASE_URLS.base_url) : (bases.v2BaseUrl ?? DEFAULT_BASE_URLS.v2_base_url);
}

/**
 * The family of a route when only its path is known (a raw request, a log line): the legacy service's prefixes
 * (`/analytics`, `/historical`, `/pricer`, `/V2/historical` of its catalog), else v1.
 */
export function familyOfPath(path: string): ApiFamily {
  return /^\/(?:analytics|historical|pricer|V2)\//.test(path) ? 'legacy' : 'v1';
}

export interface Credentials {
  readonly apiKey?: string | undefined;
  readonly creditToken?: string | undefined;
  /** Header of the key on the versioned family: 'X-API-Key' (the declared scheme, default) or 'apiKey' (the official CLI's). */
  readonly v1KeyHeader?: 'X-API-Key' | 'apiKey' | undefined;
}

/**
 * The credential headers of one request: the legacy family reads the key from `apiKey`, the versioned family from
 * `X-API-Key` (or `apiKey`, see v1KeyHeader) and a prepaid credit token from `X-Credit-Token`.
 */
export function credentialHeaders(family: ApiFamily, credentials: Credentials): Record<string, string> {
  const headers: Record<string, string> = {};
  if (credentials.apiKey) headers[family === 'legacy' ? 'apiKey' : (credentials.v1KeyHeader ?? 'X-API-Key')] = credentials.apiKey;
  if (credentials.creditToken && family === 'v1') headers['X-Credit-Token'] = credentials.creditToken;
  return headers;
}

/** Every header name that carries a credential on either family (for redaction and cross-origin checks). */
export const CREDENTIAL_HEADERS = ['apiKey', 'X-API-Key', 'X-Credit-Token'] as const;

/**
 * The request URL of an operation: the base URL, path parameters encoded into the template, query parameters in the
 * order the spec declares them. Unknown and missing path parameters and unknown query parameters are rejected with
 * a RequestValidationError naming each, not silently dropped; x-case-insensitive values are upper-cased as the
 * service would. It runs on every request, so it writes the URL text directly (no URLSearchParams, no template
 * regex for a route without path parameters) and parses it once.
 */
export function buildUrl(
  operation: UrlTemplate,
  baseUrl: string,
  pathParams?: Readonly<Record<string, unknown>>,
  query?: Readonly<Record<string, QueryValue>>,
): URL {
  return new URL(buildHref(operation, baseUrl, pathParams, query));
}

/** buildUrl's text, unparsed: what the client hands fetch (which parses it; parsing it here as well would be twice). */
export function buildHref(
  operation: UrlTemplate,
  baseUrl: string,
  pathParams?: Readonly<Record<string, unknown>>,
  query?: Readonly<Record<string, QueryValue>>,
): string {
  const issues: { path: string; rule: string; message: string }[] = [];
  // x-case-insensitive values are sent upper-cased, as the service reads them.
  const normal = (name: string, value: unknown) => (operation.caseInsensitive.includes(name) ? String(value).toUpperCase() : value);
  const path: Record<string, unknown> = {};
  for (const name of operation.pathParams) {
    const value = pathParams?.[name];
    if (value === undefined || value === null || value === '') issues.push({ path: `path.${name}`, rule: 'required', message: `path.${name} is required` });
    else path[name] = normal(name, value);
  }
  if (pathParams) {
    for (const name in pathParams) {
      if (!operation.pathParams.includes(name))
        issues.push({ path: `path.${name}`, rule: 'unknown', message: `path.${name} is not a parameter of ${operation.method} ${operation.path}` });
    }
  }
  const pairs: [string, QueryValue][] = [];
  if (query) {
    for (const name in query) {
      if (!operation.queryParams.includes(name)) {
        issues.push({
          path: `query.${name}`,
          rule: 'unknown',
          message: `query.${name} is not a parameter of ${operation.method} ${operation.path} (known: ${operation.queryParams.join(', ') || 'none'})`,
        });
      }
    }
    for (const name of operation.queryParams) {
      const value = query[name];
      if (value !== undefined && value !== null) pairs.push([name, normal(name, value) as QueryValue]);
    }
  }
  if (issues.length) throw new RequestValidationError(operation.operationId, issues);
  return routeHref(baseUrl, operation.path, path, pairs);
}

/**
 * The URL of a route, with no checks: the base URL without trailing slashes, each `{name}` of the template replaced
 * by its value percent-encoded, then the query pairs in the order given, form-encoded, arrays joined with commas
 * (the API's `explode: false`). buildUrl checks first; the contract runner calls this directly because it sends
 * wrong requests on purpose. The client's buildHref runs on every request, so this writes the query text itself
 * (no URLSearchParams).
 */
export function routeUrl(
  baseUrl: string,
  template: string,
  pathParams: Readonly<Record<string, unknown>> | undefined,
  query: Iterable<readonly [string, QueryValue]>,
): URL {
  return new URL(routeHref(baseUrl, template, pathParams, query));
}

function routeHref(
  baseUrl: string,
  template: string,
  pathParams: Readonly<Record<string, unknown>> | undefined,
  query: Iterable<readonly [string, QueryValue]>,
): string {
  let search = '';
  for (const [name, value] of query)
    if (value != null) search += `${search ? '&' : '?'}${formEncode(name)}=${formEncode(Array.isArray(value) ? value.join(',') : String(value))}`;
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(pathParams?.[name])));
  return baseUrl.replace(/\/+$/, '') + path + search;
}

const FORM_SAFE = /^[\w.*-]*$/;

/**
 * application/x-www-form-urlencoded exactly as URLSearchParams writes it (space as '+', everything but ASCII letters,
 * digits and `*-._` percent-encoded, lone surrogates as U+FFFD); the common case, nothing to encode, costs a regex test.
 */
function formEncode(text: string): string {
  return FORM_SAFE.test(text) ? text : new URLSearchParams([['', text]]).toString().slice(1);
}
