// The full client's warning for a key or credit token sent over plain http to another machine, where it can be read
// on the way: once per origin and process, through the client's log. The core (createCore) bundles no log of its
// own and does not warn: its users are asked to use https (README, "The core").
import type { ClientRuntime } from './pipeline/types.js';

const LOCAL_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|[^.]+\.localhost|0\.0\.0\.0)$/i;

/** True for an `http:` URL that leaves this machine: a key sent there travels in clear text. */
export function isInsecureRemote(url: URL): boolean {
  return url.protocol === 'http:' && !LOCAL_HOSTS.test(url.hostname);
}

const warned = new Set<string>();

/** Warns for each base URL of the runtime that would carry credentials in clear text (once per origin). */
export function warnPlainHttp({ settings, wire, log }: ClientRuntime): void {
  if (!settings.apiKey && !settings.creditToken) return;
  for (const { base } of Object.values(wire)) {
    const url = new URL(base);
    if (isInsecureRemote(url) && !warned.has(url.origin)) {
      warned.add(url.origin);
      log.warn?.(`${url.href} is plain http to a remote host: credentials travel unencrypted`);
    }
  }
}
