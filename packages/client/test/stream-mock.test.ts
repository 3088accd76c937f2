// The stream client against the project's own stream mock (tools/contract/src/stream/mock.mjs, attached to a plain
// HTTP server on a free port, no Prism): the README's example, events valid against the contract with validation on,
// wildcards across exchanges, and close codes on demand mapped to the typed errors.
import { expect, it } from 'vitest';
import * as validators from '@laevitas-api/validators/stream';
import { createClient } from '../src/index.js';
import { createStream, StreamAuthError, StreamSlowConsumerError, StreamTooManyConnectionsError } from '../src/stream-entry.js';
import { useStreamMock } from './stream-mock-server.js';

const mock = useStreamMock({ eventsPerSecond: 200 });

it("the README example: client.stream() with the client's key, typed events, validated against the contract", async () => {
  const client = createClient({ apiKey: 'any-key', v2BaseUrl: mock.url() });
  const stream = client.stream({ validate: 'throw', validators });
  const seen = new Set<string>();
  let n = 0;
  for await (const event of stream.subscribe(['trades.futures.*.*', 'book.spot.binance.*'])) {
    seen.add(event.channel.split('.').slice(0, 2).join('.'));
    if (event.channel.startsWith('book.')) expect(typeof (event.data as { microprice: unknown }).microprice).toBe('number');
    if (++n === 30) break;
  }
  expect([...seen].sort()).toEqual(['book.spot', 'trades.futures']);
  expect(stream.stats).toMatchObject({ invalid: 0, dropped: 0 });
  stream.close();
});

it('a wildcard in the exchange position receives several exchanges', async () => {
  const stream = createStream({ url: mock.url().replace('http', 'ws') + '/ws', apiKey: 'k', validate: 'throw', validators });
  const exchanges = new Set<string>();
  let n = 0;
  for await (const event of stream.subscribe('trades.perpetuals.*.*')) {
    exchanges.add(event.channel.split('.')[2]!);
    if (++n === 60) break;
  }
  expect(exchanges.size).toBeGreaterThan(1);
  stream.close();
});

it('close codes on demand come back as the typed errors: 4001 stops, 4003/4005 reconnect', async () => {
  const ws = mock.url().replace('http', 'ws');
  const noKey = createStream({ url: `${ws}/ws`, apiKey: undefined, reconnect: { initialDelayMs: 10 } });
  await expect(noKey.subscribe('trades.futures.binance.*').next()).rejects.toBeInstanceOf(StreamAuthError);

  for (const [code, ErrorClass] of [
    [4003, StreamSlowConsumerError],
    [4005, StreamTooManyConnectionsError],
  ] as const) {
    const stream = createStream({ url: `${ws}/ws?mock_close=${code}`, apiKey: 'k', reconnect: { initialDelayMs: 10, maxAttempts: 1 } });
    const disconnected = new Promise<unknown>((resolve) => stream.on('disconnected', (e) => resolve(e.error)));
    const sub = stream.subscribe('trades.futures.binance.*');
    expect(await disconnected).toBeInstanceOf(ErrorClass);
    await expect(sub.next()).rejects.toBeInstanceOf(ErrorClass); // maxAttempts 1: the retry closes the same way
  }
});
