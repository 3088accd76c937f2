// `laevitas-contract watch <pattern…>`: subscribes to channel patterns on a gateway and prints each event as one JSON
// line, with a warning line when an event breaks the contract. The README's first look at the stream.
import { openGateway } from './connect.mjs';
import { parseChannelPattern, validateStreamEvent } from '@laevitas-api/validators/stream';

/**
 * @param {{url: string | URL, apiKey?: string | undefined, patterns: string[], seconds?: number | undefined, out?: ((line: string) => void) | undefined, err?: ((line: string) => void) | undefined}} options
 * @returns {Promise<number>} exit code: 0, 1 when the gateway closed with an error or an event broke the contract, 2 on bad input
 */
export async function watchStream({ url, apiKey, patterns, seconds, out = (line) => console.log(line), err = (line) => console.error(line) }) {
  if (!patterns.length) return (err('usage: laevitas-contract watch <pattern…> (e.g. trades.futures.binance.BTCUSDT, ohlc.vt.*.*.*.1m)'), 2);
  for (const pattern of patterns) {
    const parsed = parseChannelPattern(pattern);
    if (!parsed.ok) return (err(parsed.error), 2);
  }
  /** @type {import('ws').WebSocket} */
  let ws;
  try {
    ({ ws } = openGateway(url, apiKey));
  } catch (error) {
    return (err(/** @type {Error} */ (error).message), 2);
  }
  let broken = false;
  ws.on('open', () => ws.send(JSON.stringify({ id: 1, method: 'subscribe', params: { channels: patterns } })));
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw));
    if ('error' in frame) {
      err(`error reply: ${JSON.stringify(frame.error)}`);
      // Not authenticated: every request fails the same way (no key in the apikey header, or a refused key).
      if (frame.error?.code === 401 || frame.error?.code === 403) return ((broken = true), ws.close(1000));
    }
    if (!('channel' in frame)) return;
    out(JSON.stringify(frame));
    const result = validateStreamEvent(frame);
    if (!result.ok) ((broken = true), err(`contract: ${result.issues.map((i) => i.message).join('; ')}`));
  });
  if (seconds) setTimeout(() => ws.close(1000), seconds * 1000);
  const { code, reason } = await /** @type {Promise<{code: number, reason: string}>} */ (
    new Promise((resolve) => {
      ws.on('close', (c, r) => resolve({ code: c, reason: String(r) }));
      ws.on('error', (e) => resolve({ code: 0, reason: e.message }));
    })
  );
  if (code !== 1000 && code !== 1005) return (err(`closed: ${code} ${reason}`), 1);
  return broken ? 1 : 0;
}
