// `client.stream()` lives on the REST client but its code lives in the stream entry, so that REST-only bundles
// never carry it: the stream entry registers the opener when it is imported, and the REST client only holds this
// hook (and the stream's types, which cost nothing at run time).
import { LaevitasError } from './errors.js';
import type { LaevitasStream, StreamOptions } from './internal/stream/stream.js';

export type { LaevitasStream, StreamOptions };
type Opener = (
  client: { readonly settings: { apiKey?: string | undefined; v2BaseUrl?: string | undefined; validators?: unknown } },
  options?: StreamOptions,
) => LaevitasStream;
let opener: Opener | undefined;

/** @internal Called by `@laevitas-api/client/stream` when it is imported. */
export function registerStreamOpener(open: Opener): void {
  opener = open;
}

export function openStream(client: Parameters<Opener>[0], options?: StreamOptions): LaevitasStream {
  if (!opener) throw new LaevitasError("client.stream() needs the stream entry: import '@laevitas-api/client/stream' once (or use its createStream)");
  return opener(client, options);
}
