// The stream contract run: connect to a gateway (the mock's /ws, or LAEVITAS_WS_URL), subscribe to one pattern per
// channel family, and check every frame for N seconds against the AsyncAPI contract: replies against their schemas,
// events against their family's schema and channel grammar, and each event's channel against the subscriptions.
// The result is per family (events seen, invalid, the first violation) plus what belongs to no family (an event on
// a channel of no family, an unexpected frame, an early close), with a summary and a JUnit report.
import WebSocket from 'ws';
import { openGateway } from './connect.mjs';
import { STREAM_CLOSE_CODES, STREAM_FAMILIES } from '@laevitas-api/types/stream';
import { channelMatches, parseChannelPattern, validateStreamEvent, validateStreamMessage } from '@laevitas-api/validators/stream';
import { xmlEscape as xml } from '../xml.mjs';

const CONNECTION = '(connection)';

/** One pattern per family: `*` wherever the family allows it, the first value where it does not (the timeframe). */
export function defaultPatterns() {
  return STREAM_FAMILIES.map((f) => {
    if (f.positions.every((p) => p.wildcard)) return `${f.family}.*`;
    // A position that takes no wildcard is a closed list (the timeframe).
    return [f.family, ...f.positions.map((p) => (p.wildcard ? '*' : /** @type {readonly string[]} */ (p.values)[0]))].join('.');
  }).sort();
}

/**
 * @param {{url: string, apiKey?: string | undefined, seconds?: number | undefined, patterns?: string[] | undefined, requireEvents?: boolean | undefined, connectTimeoutMs?: number | undefined}} options
 *   `requireEvents`: a family with no event fails (right against the mock; a live quiet family is only skipped).
 * @returns {Promise<StreamReport>}
 * @typedef {{family: string, pattern: string | null, events: number, invalid: number, refused?: string, subscriptionId?: string,
 *   firstViolation: {message: string, channel?: string, frame: string} | null}} FamilyRecord what is counted while the run listens
 * @typedef {FamilyRecord & {outcome: 'passed'|'failed'|'skipped', note?: string}} FamilyResult
 * @typedef {{ok: boolean, url: string, seconds: number, families: FamilyResult[], other: FamilyResult}} StreamReport
 */
export async function runStreamContract({ url, apiKey, seconds = 5, patterns = defaultPatterns(), requireEvents = false, connectTimeoutMs = 10_000 }) {
  for (const pattern of patterns) {
    const parsed = parseChannelPattern(pattern);
    if (!parsed.ok) throw new Error(`stream contract run: ${parsed.error}`);
  }
  // The key goes in the apikey header (API v1.18.0 removed ?apiKey=; a URL with it is refused by openGateway).
  // Every pattern parsed above.
  /** @type {(FamilyRecord & {pattern: string})[]} */
  const families = patterns.map((pattern) => ({
    family: /** @type {{family: string}} */ (parseChannelPattern(pattern)).family,
    pattern,
    events: 0,
    invalid: 0,
    firstViolation: null,
  }));
  /** @type {FamilyRecord} */
  const other = { family: CONNECTION, pattern: null, events: 0, invalid: 0, firstViolation: null };
  /** @param {FamilyRecord} record  @param {string} message  @param {any} frame the frame as parsed (any shape) */
  const violate = (record, message, frame) => {
    record.invalid += 1;
    record.firstViolation ??= {
      message,
      ...(frame?.channel !== undefined ? { channel: String(frame.channel) } : {}),
      frame: JSON.stringify(frame).slice(0, 500),
    };
  };
  const byId = new Map(families.map((record, i) => [i + 1, record]));
  /** @type {Map<number, FamilyRecord>} unsubscribe request id → its family, until its reply */
  const unsubscribeIds = new Map();

  const { target, ws } = openGateway(url, apiKey, { handshakeTimeout: connectTimeoutMs });
  /** @type {{code: number, reason: string} | undefined} */
  let closedEarly;
  /** @type {Promise<{code: number, reason: string}>} */
  const closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const opened = await new Promise((resolve) => {
    ws.once('open', () => resolve(true));
    ws.once('error', (error) => {
      violate(other, `could not connect to ${redact(target)}: ${error.message}`, null);
      resolve(false);
    });
  });

  if (opened) {
    ws.on('message', (raw, isBinary) => {
      /** @type {any} the frame as parsed, checked below */
      let frame;
      try {
        frame = JSON.parse(isBinary ? '' : String(raw));
      } catch {
        return violate(other, 'a frame is not JSON text', String(raw).slice(0, 200));
      }
      if (frame && typeof frame === 'object' && 'channel' in frame) return checkEvent(frame);
      if (frame && typeof frame === 'object' && 'id' in frame) return checkReply(frame);
      violate(other, 'a frame is neither a reply ({id, result|error}) nor a data event ({channel, data})', frame);
    });
    families.forEach((record, i) => ws.send(JSON.stringify({ id: i + 1, method: 'subscribe', params: { channels: [record.pattern] } })));
    const timer = new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const ended = await Promise.race([timer.then(() => undefined), closed]);
    if (ended) closedEarly = ended;
    else {
      // Unsubscribe each subscription by its id, one request each, and check every reply before closing.
      const unsubscribing = families.filter((r) => r.subscriptionId !== undefined);
      unsubscribing.forEach((record, i) => {
        const id = 10_000 + i;
        unsubscribeIds.set(id, record);
        ws.send(JSON.stringify({ id, method: 'unsubscribe', params: { subscriptionId: record.subscriptionId } }));
      });
      const waitStart = Date.now();
      while (unsubscribeIds.size && Date.now() - waitStart < 2000 && ws.readyState === WebSocket.OPEN) await new Promise((r) => setTimeout(r, 20));
      for (const record of unsubscribeIds.values()) violate(record, 'no reply to the unsubscribe of its subscriptionId within 2 s', null);
      ws.close(1000, 'contract run done');
    }
  }

  /** @param {any} frame */
  function checkReply(frame) {
    const unsubscribed = unsubscribeIds.get(frame.id);
    if (unsubscribed) {
      unsubscribeIds.delete(frame.id);
      const result = validateStreamMessage('error' in frame ? 'ErrorReply' : 'ResultReply', frame);
      if (!result.ok) return violate(unsubscribed, `UnsubscribeReply: ${result.issues[0]?.message ?? 'invalid'}`, frame);
      if ('error' in frame) violate(unsubscribed, `unsubscribe of its subscriptionId refused: ${JSON.stringify(frame.error)}`, frame);
      return;
    }
    const record = byId.get(frame.id);
    const schema = 'error' in frame ? 'ErrorReply' : 'SubscribeReply';
    const result = validateStreamMessage(schema, frame);
    if (!result.ok) return violate(record ?? other, `${schema}: ${result.issues[0]?.message ?? 'invalid'}`, frame);
    if (!record) return violate(other, `a reply to id ${JSON.stringify(frame.id)}, which no request used`, frame);
    if ('error' in frame) return void (record.refused = JSON.stringify(frame.error));
    // channels[i] was subscribed as subscriptionIds[i]; a pattern missing from the echo was not accepted.
    const at = frame.result.channels.indexOf(record.pattern);
    if (at < 0) return void (record.refused = `${record.pattern} is missing from the subscribe reply's channels`);
    if (frame.result.channels.length !== frame.result.subscriptionIds.length)
      return violate(record, 'the subscribe reply has not one subscriptionId per channel', frame);
    record.subscriptionId = frame.result.subscriptionIds[at];
  }

  /** @param {any} frame */
  function checkEvent(frame) {
    const record = families.find((r) => typeof frame.channel === 'string' && channelMatches(r.pattern, frame.channel));
    const result = validateStreamEvent(frame);
    if (!record) {
      const message = result.ok ? `channel ${frame.channel} was not subscribed` : (result.issues[0]?.message ?? 'invalid');
      return violate(other, message, frame);
    }
    record.events += 1;
    if (!result.ok) violate(record, result.issues[0]?.message ?? 'invalid', frame);
  }

  const results = families.map((record) => finish(record, { seconds, requireEvents }));
  const closeLine = closedEarly ? describeClose(closedEarly) : undefined;
  if (closeLine) violate(other, closeLine, null);
  /** @type {FamilyResult} */
  const otherResult = { ...other, outcome: other.invalid ? 'failed' : 'passed' };
  await Promise.race([closed, new Promise((r) => setTimeout(r, 1000))]);
  if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
  return { ok: [...results, otherResult].every((r) => r.outcome !== 'failed'), url: redact(target), seconds, families: results, other: otherResult };
}

/** @param {FamilyRecord} record  @param {{seconds: number, requireEvents: boolean}} options  @returns {FamilyResult} */
function finish(record, { seconds, requireEvents }) {
  if (record.refused)
    return { ...record, outcome: 'failed', firstViolation: record.firstViolation ?? { message: `subscription refused: ${record.refused}`, frame: '' } };
  if (record.invalid) return { ...record, outcome: 'failed' };
  if (record.events === 0) {
    const note = `no event in ${seconds} s`;
    return requireEvents ? { ...record, outcome: 'failed', firstViolation: { message: note, frame: '' } } : { ...record, outcome: 'skipped', note };
  }
  return { ...record, outcome: 'passed' };
}

/** @param {{code: number, reason: string}} close */
function describeClose({ code, reason }) {
  const known = STREAM_CLOSE_CODES.find((c) => c.code === code);
  return `the gateway closed the connection early: ${code}${known ? ` (${known.meaning})` : ''}${reason ? `: ${reason}` : ''}`;
}

/** The URL with its API key hidden: reports are shared.  @param {URL} url */
function redact(url) {
  const copy = new URL(url);
  if (copy.searchParams.has('apiKey')) copy.searchParams.set('apiKey', '***');
  return copy.toString();
}

/** Summary lines: one per family and one for what belongs to none, then the totals.  @param {StreamReport | undefined} report */
export function formatStreamSummary(report) {
  if (!report) return ['stream: not run (set LAEVITAS_WS_URL to check a live gateway)'];
  const all = [...report.families, report.other];
  /** @param {FamilyResult['outcome']} o */
  const count = (o) => all.filter((r) => r.outcome === o).length;
  const lines = [
    `stream: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped (${report.families.length} patterns for ${report.seconds} s on ${report.url})`,
  ];
  for (const r of all) {
    const head = `STREAM ${r.outcome.toUpperCase().padEnd(7)} ${r.family.padEnd(14)} ${(r.pattern ?? '').padEnd(26)} events ${String(r.events).padStart(6)}  invalid ${String(r.invalid).padStart(5)}`;
    lines.push(
      r.firstViolation
        ? `${head}  first: ${r.firstViolation.message}${r.firstViolation.channel ? ` (channel ${r.firstViolation.channel})` : ''}`
        : r.note
          ? `${head}  ${r.note}`
          : head,
    );
  }
  return lines;
}

/** JUnit: one test case per family pattern, and one for the connection (what belongs to no family).  @param {StreamReport} report */
export function streamJUnit(report, suiteName = 'laevitas-stream-contract') {
  const all = [...report.families, report.other];
  const cases = all.map((r) => {
    const stats = `events ${r.events}, invalid ${r.invalid}`;
    const inner =
      r.outcome === 'failed'
        ? `<failure type="stream" message="${xml(r.firstViolation?.message ?? 'failed')}">${xml(`${stats}\n${r.firstViolation?.frame ?? ''}`)}</failure>`
        : r.outcome === 'skipped'
          ? `<skipped message="${xml(r.note ?? '')}"/>`
          : `<system-out>${xml(stats)}</system-out>`;
    return `  <testcase classname="stream ${xml(r.pattern ?? 'connection')}" name="${xml(r.family)}">${inner}</testcase>`;
  });
  const failures = all.filter((r) => r.outcome === 'failed').length;
  const skipped = all.filter((r) => r.outcome === 'skipped').length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="${xml(suiteName)}" tests="${all.length}" failures="${failures}" skipped="${skipped}">\n${cases.join('\n')}\n</testsuite>\n`;
}
