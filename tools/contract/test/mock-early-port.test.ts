// The main job opens the mock's port before Prism has booted (`startMock({awaitPrism: false})`): Prism's boot is
// most of the mock's start. Here Prism's boot is held until the test releases it, so "before Prism is up" is a fact,
// not a race. Meanwhile every contract GET and HEAD gets the answer it gets once Prism is up (status, content type,
// body: the in-process stages answer them all), health says 200, and a request only Prism answers (a forced
// documented error) waits for Prism instead of failing, then gets Prism's answer.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock } from '../src/mock.mjs';
import { startPrism } from '../src/prism.mjs';
import { SPEC_JSON } from '../src/paths.mjs';
import { buildRequests, urlFor } from '../src/requests.mjs';

const document = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
const CLOCK = Date.now();
let release!: () => void;
const held = new Promise<void>((resolve) => (release = resolve));
let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock({
    port: 0,
    awaitPrism: false,
    // One clock reading for the whole test: the time-series answers end at the mock's last complete minute, so a
    // minute turning between the two rounds would change them for a reason that has nothing to do with Prism.
    now: () => CLOCK,
    startPrism: async (options: Parameters<typeof startPrism>[0]) => (await held, startPrism(options)),
  });
}, 60_000);
afterAll(() => {
  release();
  return mock?.stop();
}, 60_000);

const gets = buildRequests(document).filter((request) => ['get', 'head'].includes(request.op.method) && !request.headers.prefer);
type Seen = { status: number; type: string | null; body: string };
const fetchAll = () =>
  Promise.all(
    gets.map(async (request): Promise<Seen> => {
      const url = new URL(urlFor('http://mock.invalid', request.op, request.path, request.query));
      const response = await fetch(`${mock.url}${url.pathname}${url.search}`, {
        method: request.op.method.toUpperCase(),
        headers: { ...request.headers, 'x-api-key': 'k', apikey: 'k' },
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
    }),
  );

it('answers before Prism is up what it answers after, and what only Prism answers waits for it', async () => {
  expect(mock.prism.state).toBe('starting');
  const health = await fetch(`${mock.url}/api/v1/health`);
  expect(health.status).toBe(200);

  const ohlcvt = gets.find((request) => request.op.operationId === 'getOptionsOhlcvt')!;
  const documentedError = ohlcvt.op.responses.find((response) => response.status >= 400 && response.status !== 402)!.status;
  const url = new URL(urlFor('http://mock.invalid', ohlcvt.op, ohlcvt.path, ohlcvt.query));
  let forcedAnswered = false;
  const forced = fetch(`${mock.url}${url.pathname}${url.search}`, {
    headers: { 'x-api-key': 'k', prefer: `code=${documentedError}` },
  }).then((response) => ((forcedAnswered = true), response));

  const before = await fetchAll();
  expect(before.length).toBeGreaterThan(100);
  expect(before.filter((seen) => seen.status >= 500)).toEqual([]);
  expect(mock.prism.state).toBe('starting'); // every answer above came while Prism was held
  expect(forcedAnswered).toBe(false);
  expect(mock.upstream.stats()).toMatchObject({ waitedForStart: 1, forwarded: 0 });

  release();
  expect(await mock.prism.whenUp(60_000)).toBe(true);
  expect((await forced).status).toBe(documentedError);
  mock.upstream.clear();
  const after = await fetchAll();
  const differences = gets.flatMap((request, i) =>
    JSON.stringify(before[i]) === JSON.stringify(after[i])
      ? []
      : [`${request.op.operationId}: before ${JSON.stringify(before[i]).slice(0, 200)}, after ${JSON.stringify(after[i]).slice(0, 200)}`],
  );
  expect(differences).toEqual([]);
}, 120_000);
