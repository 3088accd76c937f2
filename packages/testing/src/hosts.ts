// Where the handlers listen: the spec's default hosts (the client's defaults too), or the caller's.
import { DEFAULT_BASE_URLS } from '../generated/names.js';

export interface HostOptions {
  /** Base URL of the legacy family (default: the spec's `base_url`, https://api.laevitas.ch). */
  baseUrl?: string;
  /** Base URL of the versioned family (default: the spec's `v2_base_url`, https://apiv2.laevitas.ch). */
  v2BaseUrl?: string;
}

export interface Hosts {
  legacy: string;
  v1: string;
}

/** Base URLs without a trailing slash; a bad URL is refused by name. */
export function hostsOf(options: HostOptions = {}): Hosts {
  const check = (name: string, value: string): string => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new TypeError(`@laevitas-api/testing: ${name} must be an absolute URL (got ${JSON.stringify(value)})`);
    }
    if (url.search || url.hash) throw new TypeError(`@laevitas-api/testing: ${name} must not carry a query or fragment (got ${value})`);
    return url.href.replace(/\/+$/, '');
  };
  return {
    legacy: check('baseUrl', options.baseUrl ?? DEFAULT_BASE_URLS.base_url),
    v1: check('v2BaseUrl', options.v2BaseUrl ?? DEFAULT_BASE_URLS.v2_base_url),
  };
}

/** The MSW URL pattern of an operation on a host: `{name}` becomes `:name`. */
export function patternOf(host: string, path: string): string {
  return host + path.replace(/\{([^}]+)\}/g, ':$1');
}

/** The request's path below the host's own path prefix (a host like http://127.0.0.1:4010/proxy). */
export function localUrlOf(requestUrl: string, host: string): URL {
  const url = new URL(requestUrl);
  const prefix = new URL(host).pathname.replace(/\/+$/, '');
  const pathname = prefix && url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) || '/' : url.pathname;
  return new URL(pathname + url.search, 'http://mock.invalid');
}
