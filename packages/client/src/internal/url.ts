// URLs as the client reports them: credentials never shown (userinfo, credential-looking query values), userinfo
// turned into a header fetch accepts, and the plain-http check. Building request URLs is wire.ts.
/** Query keys whose values are redacted from reported URLs. */
export const CREDENTIAL_KEY = /key|token|signature|secret/i;

/** The URL as it may appear in errors and logs: userinfo and values of credential-looking query keys replaced. */
export function redactUrl(url: URL | string): string {
  // Most URLs have nothing to hide: skip the copy.
  if (typeof url !== 'string' && !url.username && !url.password && !CREDENTIAL_KEY.test(url.search)) return url.href;
  const copy = new URL(url);
  if (copy.username || copy.password) {
    copy.username = 'redacted';
    copy.password = '';
  }
  for (const key of [...copy.searchParams.keys()]) {
    if (CREDENTIAL_KEY.test(key)) copy.searchParams.set(key, '[redacted]');
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

/** A log line with every configured secret (API key, credit token) replaced: the last guard of every log. */
export function scrub(message: string, secrets: readonly (string | undefined)[]): string {
  for (const secret of secrets) if (secret) message = message.split(secret).join('[redacted]');
  return message;
}
