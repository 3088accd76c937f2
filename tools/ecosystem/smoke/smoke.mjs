// The smoke program every runtime runs, as a user's code would: only the published packages' public entries and
// the platform's own fetch and WebSocket. It calls the mock and returns one result per check; it never throws, so
// a runtime that breaks one check still reports the others.
//   rest-legacy   a legacy-family call (apiKey header, path parameters)
//   rest-v1       a versioned call, the response validated by the client (validateResponses: 'throw')
//   paginate      a cursor scan over several pages: every row once, in order
//   validate      @laevitas-api/validators directly: a valid body passes, a broken one names the field and rule
//   standard      the same validator through Standard Schema (`~standard.validate`), as a form/tRPC library calls it
//   typed-error   a documented 400 (forced with `Prefer: code=400`) thrown as BadRequestError with its status
//   stream        where the platform can send the upgrade's `apikey` header (Node, Bun, Deno, and workerd through
//                 its fetch() upgrade): a subscription receiving events that validate against the contract. Where it
//                 cannot (browsers): the typed StreamCredentialsError before anything is sent (the key never goes in the URL),
//                 then a keyless connection that the gateway refuses with a coded 401 (StreamAuthError): as far as
//                 such a platform can authenticate.
import { createClient, BadRequestError } from '@laevitas-api/client';
import { createStream, StreamAuthError, StreamCredentialsError } from '@laevitas-api/client/stream';
// Per-operation validators, as the validators' README advises for bundles: the whole module (`import * as
// validators from '@laevitas-api/validators'`) bundles every operation, 19 MB for a worker or a page.
import { validateStreamEvent } from '@laevitas-api/validators/stream';
import { getOptionsOhlcvt } from '@laevitas-api/validators/ops/getOptionsOhlcvt';
import { getLegacyFutures } from '@laevitas-api/validators/ops/getLegacyFutures';

/** @typedef {{name: string, ok: boolean, detail: string}} Check */

const QUERY = /** @type {const} */ ({ instrument_name: 'BTC-26MAR27-100000-C', resolution: '1h' });

/**
 * @param {{baseUrl: string, v2BaseUrl: string, streamUrl: string, timeoutMs?: number}} target
 * @returns {Promise<{checks: Check[]}>}
 */
export async function smoke(target) {
  const timeoutMs = target.timeoutMs ?? 20_000;
  const client = createClient({
    apiKey: 'ecosystem-smoke',
    baseUrl: target.baseUrl,
    v2BaseUrl: target.v2BaseUrl,
    validators: { getOptionsOhlcvt, getLegacyFutures },
    validateResponses: 'throw',
    retry: false, // a smoke failure shows at once, not after backoff
  });
  /** @type {Check[]} */
  const checks = [];
  /** @param {string} name  @param {() => Promise<string>} body */
  const check = async (name, body) => {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    try {
      const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs)));
      checks.push({ name, ok: true, detail: await Promise.race([body(), timeout]) });
    } catch (error) {
      const e = /** @type {any} */ (error);
      checks.push({ name, ok: false, detail: `${e?.name ?? 'Error'}: ${e?.message ?? e}${e?.cause ? ` (cause: ${e.cause?.message ?? e.cause})` : ''}` });
    } finally {
      clearTimeout(timer);
    }
  };

  await check('rest-legacy', async () => {
    const body = /** @type {any} */ (await client.legacy.derivs.futures({ path: { market: 'DERIBIT', currency: 'BTC', maturity: '26MAR27' } }));
    const rows = Array.isArray(body) ? body : (body?.data ?? body?.items);
    if (!Array.isArray(rows) || !rows.length) throw new Error(`no rows in ${JSON.stringify(body).slice(0, 120)}`);
    return `${rows.length} rows`;
  });

  await check('rest-v1', async () => {
    const page = await client.v1.options.ohlcvt({ query: { ...QUERY, limit: 5 } });
    if (page.data.length !== 5) throw new Error(`limit 5 gave ${page.data.length} rows`);
    if (page.data.some((row) => typeof row.close !== 'number' || row.low > row.high))
      throw new Error(`a row breaks its own shape: ${JSON.stringify(page.data[0])}`);
    return `${page.data.length} rows, validated`;
  });

  await check('paginate', async () => {
    const dates = [];
    for await (const row of client.paginate('getOptionsOhlcvt', { query: { ...QUERY, limit: 20 } })) dates.push(String(row.date));
    if (dates.length <= 20) throw new Error(`only ${dates.length} rows: the scan did not go past page 1`);
    if (new Set(dates).size !== dates.length) throw new Error('a row came twice');
    return `${dates.length} rows over ${Math.ceil(dates.length / 20)} pages`;
  });

  await check('validate', async () => {
    const page = await client.v1.options.ohlcvt({ query: { ...QUERY, limit: 2 } });
    const good = getOptionsOhlcvt.validateResponse(200, page);
    if (!good.ok) throw new Error(`a served page does not validate: ${JSON.stringify(good.issues).slice(0, 200)}`);
    const broken = structuredClone(page);
    /** @type {any} */ (broken.data[0]).close = 'not a number';
    const bad = getOptionsOhlcvt.validateResponse(200, broken);
    if (bad.ok) throw new Error('a broken row validates');
    const issue = bad.issues[0];
    if (!/close/.test(`${issue?.path} ${issue?.message}`)) throw new Error(`the issue does not name the field: ${JSON.stringify(issue)}`);
    return `valid page ok; broken row: ${issue?.message}`;
  });

  await check('standard', async () => {
    const page = await client.v1.options.ohlcvt({ query: { ...QUERY, limit: 2 } });
    const schema = getOptionsOhlcvt['~standard'];
    if (schema.version !== 1) throw new Error(`~standard.version is ${schema.version}`);
    const good = await schema.validate(page);
    if (good.issues) throw new Error(`a served page fails its Standard Schema: ${JSON.stringify(good.issues).slice(0, 200)}`);
    const bad = await schema.validate({ ...page, meta: { next_cursor: 42 } });
    const path = bad.issues?.[0]?.path?.map((k) => (typeof k === 'object' ? k.key : k)).join('.');
    if (path !== 'meta.next_cursor') throw new Error(`the issue path is ${path}, expected meta.next_cursor`);
    return `~standard (${schema.vendor}) ok; issue at ${path}`;
  });

  await check('typed-error', async () => {
    try {
      await client.v1.options.ohlcvt({ query: QUERY }, { headers: { prefer: 'code=400' } });
    } catch (error) {
      if (!(error instanceof BadRequestError))
        throw new Error(`expected BadRequestError, got ${/** @type {any} */ (error)?.name}: ${/** @type {any} */ (error)?.message}`);
      if (error.status !== 400) throw new Error(`status ${error.status}`);
      return `BadRequestError ${error.status}`;
    }
    throw new Error('no error thrown for a 400');
  });

  await check('stream', async () => {
    /** @type {ReturnType<typeof createStream>} */
    let stream;
    try {
      stream = createStream({ apiKey: 'ecosystem-smoke', url: target.streamUrl, reconnect: false, heartbeat: false });
    } catch (error) {
      if (!(error instanceof StreamCredentialsError) || error.reason !== 'headers-unsupported') throw error;
      return `StreamCredentialsError (${error.reason}) before sending; keyless: ${await keylessRefusal(target.streamUrl)}`;
    }
    let events = 0;
    try {
      for await (const event of stream.subscribe('trades.futures.binance.*')) {
        const result = validateStreamEvent(event);
        if (!result.ok) throw new Error(`event breaks the contract: ${JSON.stringify(result.issues).slice(0, 200)}`);
        if (!event.channel.startsWith('trades.futures.binance.')) throw new Error(`event on ${event.channel}`);
        if (++events === 3) break;
      }
    } finally {
      stream.close();
    }
    return `${events} events (key in the apikey header)`;
  });

  return { checks };
}

/**
 * A platform that cannot send the key still reaches the gateway: a keyless subscription is refused with the coded
 * 401 the gateway sends, as a StreamAuthError.
 * @param {string} url  @returns {Promise<string>}
 */
async function keylessRefusal(url) {
  const stream = createStream({ url, reconnect: false, heartbeat: false });
  try {
    for await (const event of stream.subscribe('trades.futures.binance.*')) throw new Error(`a keyless subscription got an event on ${event.channel}`);
    throw new Error('a keyless subscription ended without the 401');
  } catch (error) {
    if (error instanceof StreamAuthError && error.code === 401) return `StreamAuthError ${error.code}`;
    throw error;
  } finally {
    stream.close();
  }
}
