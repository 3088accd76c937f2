// The gateway's heartbeat policy: it pings every `serverPingSeconds`; a connection that has not answered the previous
// ping by the next one is dead and closed with 4002. How a ping is sent and a pong seen is the transport's (a
// protocol-level ping with `ws`; a browser's WebSocket API has none, so the MSW handlers run no server ping). The
// client's own heartbeat is a `ping` request, answered by the session (./session.mjs) on every transport.
import { STREAM_HEARTBEAT } from '@laevitas-api/types/stream';

export const IDLE_CLOSE_CODE = 4002;

/**
 * @param {{ping: () => void, close: (code: number) => void, intervalMs?: number | undefined}} transport
 * @returns {{pong(): void, stop(): void}}
 */
export function startHeartbeat({ ping, close, intervalMs = STREAM_HEARTBEAT.serverPingSeconds * 1000 }) {
  let alive = true;
  const timer = setInterval(() => {
    if (!alive) return close(IDLE_CLOSE_CODE);
    alive = false;
    ping();
  }, intervalMs);
  return {
    pong: () => void (alive = true),
    stop: () => clearInterval(timer),
  };
}
