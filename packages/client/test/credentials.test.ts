// Item 3 of issue 11: credentials stay with the API. Redirects to other origins are refused (internal/pipeline/http-attempt.ts), the
// client never prints a secret, userinfo never appears in a URL it reports, and plain http to a remote host warns.
import { inspect } from 'node:util';
import { expect, it, vi } from 'vitest';
import { RedirectError, createClient, createCore } from '../src/index.js';
import { useFaultServers } from './fault-servers.js';

const env = useFaultServers({ elsewhere: true, fakeClock: false });

const SECRETS = ['secret-key', 'credit-jwt', 'hunter2'];
const noSecret = (text: string) => SECRETS.forEach((s) => expect(text).not.toContain(s));

it('a GET redirected to another origin sends it nothing: no apiKey, X-API-Key, X-Credit-Token, PAYMENT-SIGNATURE or Authorization', async () => {
  for (const status of [301, 302, 303, 307, 308] as const) {
    env.server.inject({ kind: 'redirect', status, location: `${env.elsewhere.origin}/api/v1/options/ohlcvt` });
    const client = createClient({
      apiKey: 'secret-key',
      creditToken: 'credit-jwt',
      v2BaseUrl: env.server.origin,
      rateLimit: false,
      defaultHeaders: { Authorization: 'Bearer hunter2' },
    });
    const error = await client.getOptionsOhlcvt({}, { headers: { 'PAYMENT-SIGNATURE': 'sig' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).status).toBe(status);
    expect((error as RedirectError).location).toBe(`${env.elsewhere.origin}/api/v1/options/ohlcvt`);
  }
  expect(env.elsewhere.received).toHaveLength(0);
});

it('the core prints no secret: it holds its settings in a private field, so JSON.stringify, util.inspect (also showHidden) and console.log show nothing of them', () => {
  const core = createCore({ apiKey: 'secret-key', creditToken: 'credit-jwt', v2BaseUrl: 'http://u:hunter2@127.0.0.1:1', rateLimit: false });
  expect(JSON.stringify(core)).toBe('{}');
  expect(inspect(core, { depth: 10 })).toBe('LaevitasCore {}');
  noSecret(inspect(core, { depth: 10, showHidden: true }));
  noSecret(JSON.stringify({ ...core.settings }));
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  console.log(core);
  noSecret(inspect(log.mock.calls[0]![0], { showHidden: true }));
  log.mockRestore();
  // Still readable by code that asks for it by name.
  expect(core.settings.apiKey).toBe('secret-key');
});

it('the client prints no secret: JSON.stringify, util.inspect (also showHidden), console.log, spread of its options', () => {
  const client = createClient({ apiKey: 'secret-key', creditToken: 'credit-jwt', v2BaseUrl: 'http://u:hunter2@127.0.0.1:1', rateLimit: false });
  noSecret(JSON.stringify(client));
  noSecret(inspect(client, { depth: 10 }));
  noSecret(inspect(client, { depth: 10, showHidden: true }));
  noSecret(JSON.stringify({ ...client.settings }));
  noSecret(inspect(client.settings, { depth: 10 }));
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  console.log(client);
  noSecret(inspect(log.mock.calls[0]![0]));
  log.mockRestore();
  expect(JSON.parse(JSON.stringify(client))).toMatchObject({ apiKey: '[redacted]', creditToken: '[redacted]' });
  expect(Object.keys(client.settings)).not.toContain('apiKey');
  // Still readable by code that asks for it by name.
  expect(client.settings.apiKey).toBe('secret-key');
  expect(client.withOptions({ timeout: 5 }).settings.apiKey).toBe('secret-key');
});

it('userinfo in a base URL is sent as Authorization, and redacted from onRequest URLs and error messages', async () => {
  env.server.inject({ kind: 'status', status: 500 }, { times: 3 });
  const seen: string[] = [];
  const base = env.server.origin.replace('http://', 'http://alice:hunter2@');
  const client = createClient({ v2BaseUrl: base, rateLimit: false, retry: false, onRequest: (e) => seen.push(e.url), onResponse: (e) => seen.push(e.url) });
  const error = (await client.getOptionsOhlcvt().catch((e: unknown) => e)) as Error;
  expect(env.server.received[0]!.headers.authorization).toBe(`Basic ${Buffer.from('alice:hunter2').toString('base64')}`);
  expect(seen).toHaveLength(2);
  for (const text of [...seen, error.message, JSON.stringify(error), inspect(error)]) noSecret(text);
  const refused = (await createClient({ v2BaseUrl: 'http://alice:hunter2@127.0.0.1:1', rateLimit: false, retry: false })
    .getOptionsOhlcvt()
    .catch((e: unknown) => e)) as Error;
  noSecret(refused.message);
});

it('a key sent over plain http to a remote host warns once per origin; https and loopback do not', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  createClient({ apiKey: 'secret-key', v2BaseUrl: 'http://api.example.test', rateLimit: false });
  createClient({ apiKey: 'secret-key', v2BaseUrl: 'http://api.example.test', rateLimit: false });
  createClient({ apiKey: 'secret-key', v2BaseUrl: 'https://api.example.test', baseUrl: 'http://localhost:3000', rateLimit: false });
  createClient({ v2BaseUrl: 'http://keyless.example.test', rateLimit: false });
  expect(warn).toHaveBeenCalledTimes(1);
  expect(String(warn.mock.calls[0]![0])).toContain('http://api.example.test');
  noSecret(String(warn.mock.calls[0]![0]));
  warn.mockRestore();
});
