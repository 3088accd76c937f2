// The data-corrections feed (`GET /api/v1/changelog/data-corrections`) as state a test can drive. The service
// documents a top-level `lastUpdated`, a monotonic `feedRevision` and records with an id, `publishedAt`, `updatedAt`
// and `deployment.deployedAt`; polling clients watch `lastUpdated` and compare ids and `updatedAt`, and the content
// stays the same until a record changes. The feed starts as the spec's example; the mock-only control route
//   POST /__mock/corrections  {"id"?: string, ...fields}
// publishes a record (a new or absent id) or updates one (a known id): `updatedAt` and `deployment.deployedAt` move
// to the mock's clock, `publishedAt` stays, `feedRevision` goes up by one and `lastUpdated` moves. It answers 200 with
// the record. `POST /__mock/reset` (./reset.mjs, through `reset()`) puts the feed back to the example.
// The member that holds the records is not published: the mock names it `corrections` (the schema accepts any
// array of records there). The other fields posted (an affected range, a description) are the test's own and are
// echoed as given.
import { badRequest, json } from '../answer-shapes.mjs';
import { planOf } from '../answers/plan.mjs';
import { forOperations } from '../stage.mjs';

export const CORRECTIONS_PATH = '/__mock/corrections';
export const FEED_PATH = '/api/v1/changelog/data-corrections';
/** The mock's own name of the records member (the service's is not published). */
export const RECORDS_MEMBER = 'corrections';

/**
 * @param {{document: import('../stage.mjs').OpenApiDocument, operations: import('../stage.mjs').OperationModel[],
 *   now?: (() => number) | undefined}} options
 * @returns {{control: import('../stage.mjs').Stage, feed: import('../stage.mjs').Stage, reset: () => void}}
 */
export function createCorrectionsFeed({ document, operations, now = Date.now }) {
  const op = operations.find((o) => o.path === FEED_PATH && o.method === 'get');
  /** @type {{lastUpdated: string, feedRevision: number, [member: string]: any} | undefined} undefined: the example, read on first use */
  let feed;
  let lastStamp = 0;
  let issued = 0;
  const reset = () => {
    feed = undefined;
    lastStamp = 0;
    issued = 0;
  };
  /** The feed now: the spec's example until a record is posted.  @returns {{lastUpdated: string, feedRevision: number, [member: string]: any}} */
  const current = () => {
    if (feed) return feed;
    const example = op ? planOf(document, op)?.example : undefined;
    /** @type {{lastUpdated: string, feedRevision: number, [member: string]: any}} */
    const initial = { lastUpdated: new Date(0).toISOString(), feedRevision: 0, ...structuredClone(example ?? {}) };
    if (!Array.isArray(initial[RECORDS_MEMBER])) initial[RECORDS_MEMBER] = [];
    lastStamp = Math.max(lastStamp, Date.parse(initial.lastUpdated) || 0);
    return (feed = initial);
  };
  /** A time stamp of the mock's clock that is later than every earlier one, so `updatedAt` always moves. */
  const stamp = () => {
    lastStamp = Math.max(now(), lastStamp + 1);
    return new Date(lastStamp).toISOString();
  };

  /** @type {import('../stage.mjs').Stage} */
  const control = (ctx) => {
    if (ctx.url.pathname !== CORRECTIONS_PATH) return undefined;
    if (ctx.method !== 'POST') return json(405, { statusCode: 405, message: `${CORRECTIONS_PATH} takes POST`, error: 'Method Not Allowed' }, { allow: 'POST' });
    /** @type {any} */
    let input = {};
    try {
      input = ctx.body?.length ? JSON.parse(new TextDecoder().decode(ctx.body)) : {};
    } catch {
      return badRequest('v1', ['body must be a JSON object']);
    }
    if (!input || typeof input !== 'object' || Array.isArray(input)) return badRequest('v1', ['body must be a JSON object']);
    if (input.id !== undefined && typeof input.id !== 'string') return badRequest('v1', ['id must be a string']);
    const before = current();
    const at = stamp();
    /** @type {Record<string, any>[]} */
    const records = before[RECORDS_MEMBER];
    const index = input.id === undefined ? -1 : records.findIndex((r) => r.id === input.id);
    const { id = `corr-${++issued}`, publishedAt: _p, updatedAt: _u, deployment: _d, ...fields } = input;
    const previous = (index >= 0 ? records[index] : undefined) ?? { id, publishedAt: at };
    const record = { ...previous, ...fields, id, updatedAt: at, deployment: { ...(previous.deployment ?? {}), deployedAt: at } };
    feed = {
      ...before,
      lastUpdated: at,
      feedRevision: before.feedRevision + 1,
      [RECORDS_MEMBER]: index >= 0 ? records.map((r, i) => (i === index ? record : r)) : [...records, record],
    };
    return json(200, record);
  };

  /** @type {import('../stage.mjs').Stage} */
  const feedStage = (ctx) => {
    if (ctx.url.pathname !== FEED_PATH || ctx.forcePrism || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return undefined;
    return json(200, current(), { 'content-type': 'application/json' });
  };

  return {
    // A control route: no operation of the spec matches it.
    control: forOperations(control, (o) => o === undefined),
    feed: forOperations(feedStage, (o) => o !== undefined && o === op),
    reset,
  };
}
