// Reads the bundled AsyncAPI document into the tables the stream generators write: one entry per channel family
// (its address split into positions, the values and wildcards each position takes, the message it carries), the
// request/reply messages, and the gateway's limits, heartbeat, reconnect advice and close codes. Everything that
// knows the shape of the AsyncAPI document lives here.
import { deref } from '@laevitas-api/spec-model';

/** @import { SpecNode } from '@laevitas-api/spec-model' */

const PARAM = /^\{(\w+)\}$/;

const componentName = (/** @type {string} */ ref) => ref.slice(ref.lastIndexOf('/') + 1);

/**
 * @typedef {{name: string, values: string[] | null, pattern: string | null, wildcard: boolean, byMarket?: Record<string, string[]>}} Position
 */

/**
 * @param {SpecNode} document
 * @param {SpecNode} channel
 * @param {string} segment
 * @returns {Position}
 */
function position(document, channel, segment) {
  const param = PARAM.exec(segment);
  if (!param) throw new Error(`codegen: channel ${channel.address}: literal ${segment} after a parameter`);
  const name = /** @type {string} PARAM's one group */ (param[1]);
  const parameter = deref(document, channel.parameters?.[name]);
  if (!parameter) throw new Error(`codegen: channel ${channel.address} has no parameter ${name}`);
  const pattern = parameter['x-pattern'] ?? null;
  const values = parameter.enum ? parameter.enum.filter((/** @type {string} */ v) => v !== '*') : null;
  if (!values && !pattern) throw new Error(`codegen: parameter ${name} of ${channel.address} has neither enum nor x-pattern`);
  const wildcard = parameter.enum ? parameter.enum.includes('*') : new RegExp(pattern).test('*');
  /** @type {Position} */
  const entry = { name, values, pattern, wildcard };
  if (parameter['x-exchanges-by-market']) entry.byMarket = parameter['x-exchanges-by-market'];
  return entry;
}

/**
 * @typedef {{family: string, channelId: string, address: string, message: string, positions: Position[], messageByMarket?: Record<string, string>}} ChannelFamily
 */

/**
 * Where a family's event schema is a `oneOf` of per-market variants (spot trades differ from futures trades), the
 * variant of each market: the branch whose channel pattern accepts a channel of that market. The validators check an
 * event against its market's variant, so a broken event is reported against the shape it should have had.
 * @param {SpecNode} document  @param {string} family  @param {Position[]} positions  @param {SpecNode} payload
 * @returns {Record<string, string> | undefined}
 */
function messageByMarket(document, family, positions, payload) {
  if (!Array.isArray(payload.oneOf)) return undefined;
  const [market, exchange, , ...rest] = positions;
  if (market?.name !== 'market' || !market.values) throw new Error(`codegen: ${family} has per-market variants but no market position`);
  /** @type {Record<string, string>} */
  const out = {};
  for (const m of market.values) {
    const venue = exchange?.byMarket?.[m]?.[0] ?? exchange?.values?.[0] ?? 'x';
    const channel = [family, m, venue, 'X', ...rest.map((p) => p.values?.[0] ?? 'x')].join('.');
    const branch = payload.oneOf.find((/** @type {SpecNode} */ b) => new RegExp(deref(document, b).properties.channel.pattern).test(channel));
    if (!branch) throw new Error(`codegen: no variant of ${family} accepts a ${m} channel (${channel})`);
    out[m] = componentName(branch.$ref);
  }
  return out;
}

/** @param {SpecNode} document the bundled AsyncAPI document */
export function streamModel(document) {
  /** @type {ChannelFamily[]} */
  const families = [];
  for (const [channelId, channel] of Object.entries(/** @type {Record<string, SpecNode>} */ (document.channels))) {
    if (channel.address == null) continue; // the requests-and-replies channel
    const segments = channel.address.split('.');
    const first = segments.findIndex((/** @type {string} */ s) => PARAM.test(s));
    if (first < 1) throw new Error(`codegen: channel ${channelId} has no family prefix before its parameters`);
    const familyEnd = first; // the family is the literal prefix: `trades`, `ohlc.ticker`
    const messages = Object.values(channel.messages ?? {});
    if (messages.length !== 1) throw new Error(`codegen: channel ${channelId} must carry exactly one message`);
    const message = deref(document, messages[0]);
    const family = segments.slice(0, familyEnd).join('.');
    const positions = segments.slice(familyEnd).map((/** @type {string} */ s) => position(document, channel, s));
    const byMarket = messageByMarket(document, family, positions, deref(document, message.payload));
    families.push({
      family,
      channelId,
      address: channel.address,
      message: componentName(message.payload.$ref),
      positions,
      ...(byMarket ? { messageByMarket: byMarket } : {}),
    });
  }
  // Longest family first, so `ohlc.ticker` is tried before a shorter family that is its prefix.
  families.sort((a, b) => b.family.length - a.family.length);

  const control = Object.values(/** @type {Record<string, SpecNode>} */ (document.channels)).find((c) => c.address == null);
  /** @type {Record<string, {request: string, replies: string[]}>} by method */
  const requests = {};
  for (const op of Object.values(/** @type {Record<string, SpecNode>} */ (document.operations))) {
    if (op.action !== 'receive') continue;
    const request = deref(document, op.messages[0]);
    const method = deref(document, request.payload).properties.method.const;
    requests[method] = {
      request: componentName(request.payload.$ref),
      replies: op.reply.messages.map((/** @type {SpecNode} */ m) => componentName(deref(document, m).payload.$ref)),
    };
  }
  /** @type {Record<string, SpecNode>} */
  const documentServers = document.servers;
  const native = /** @type {SpecNode | undefined} the native gateway declares the limits */ (Object.values(documentServers).find((s) => s['x-limits']));
  // The stream types, the client's limits and the testing kit's gateway all read this server: without it there is
  // nothing to generate them from, so say which field is missing rather than fail on reading it.
  if (!native)
    throw new Error(
      `codegen: the AsyncAPI document declares no native gateway: no server among ${Object.keys(documentServers).join(', ')} has \`x-limits\` (spec/asyncapi)`,
    );
  const servers = Object.fromEntries(
    Object.entries(documentServers).map(([name, s]) => [
      name,
      { pathname: s.pathname, protocol: s.protocol, legacy: Boolean(s.tags?.some((/** @type {SpecNode} */ t) => t.name === 'legacy')) },
    ]),
  );
  // The tables the generated `@laevitas-api/types/stream` exports, by their exported names.
  const constants = {
    STREAM_FAMILIES: families,
    STREAM_LIMITS: native['x-limits'],
    STREAM_HEARTBEAT: native['x-heartbeat'],
    STREAM_RECONNECT: native['x-reconnect'],
    STREAM_CLOSE_CODES: native['x-close-codes'],
    STREAM_SERVERS: servers,
  };
  return {
    families,
    requests,
    controlMessages: Object.values(control?.messages ?? {}).map((m) => componentName(deref(document, m).payload.$ref)),
    servers,
    constants,
    schemas: document.components.schemas,
  };
}
