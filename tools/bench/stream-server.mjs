// The replay gateway of the stream benchmarks, run in its own process so the client's process has its core to
// itself. It speaks the grammar (subscribe replies, pings), then sends `n` events as fast as the socket takes them:
// frames are pre-encoded once and written in large chunks, so the server is never what is measured. With
// `mode=reconnect` it sends one event, drops the connection, and sends one event right after the resubscribe.
// Prints its port on stdout.
import { WebSocketServer } from 'ws';
import { streamEvents } from './stream-events.mjs';

const POOL = streamEvents(4000);
const FIRST = POOL[0];
if (FIRST === undefined) throw new Error('stream bench server: no events to send');
/** Unmasked server text frames (RFC 6455 5.2), concatenated. */
function frames(/** @type {string[]} */ texts) {
  const parts = [];
  for (const text of texts) {
    const payload = Buffer.from(text);
    const n = payload.length;
    const header = n < 126 ? Buffer.from([0x81, n]) : n < 65536 ? Buffer.from([0x81, 126, n >> 8, n & 255]) : null;
    if (!header) throw new Error('event too large for the bench framing');
    parts.push(header, payload);
  }
  return Buffer.concat(parts);
}
const CHUNK = frames(POOL);

const server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/ws' });
let dropped = false;
server.on('connection', (ws, request) => {
  const url = new URL(request.url ?? '/', 'http://bench.invalid');
  const n = Number(url.searchParams.get('n') ?? 100000);
  const mode = url.searchParams.get('mode') ?? 'replay';
  ws.on('message', (raw) => {
    const { id, method } = JSON.parse(String(raw));
    ws.send(JSON.stringify({ id, result: {} }));
    if (method !== 'subscribe') return;
    if (mode === 'reconnect') {
      ws.send(FIRST);
      if (!dropped) {
        dropped = true;
        setTimeout(() => ws.terminate(), 20);
      } else dropped = false;
      return;
    }
    // The raw socket (an internal of ws): frames are written pre-encoded, past ws's own framing.
    const socket = /** @type {{_socket: import('node:net').Socket}} */ (/** @type {unknown} */ (ws))._socket;
    let left = Math.ceil(n / POOL.length);
    const pump = () => {
      while (left > 0) {
        left--;
        if (!socket.write(CHUNK)) return socket.once('drain', pump);
      }
    };
    pump();
  });
});
server.on('listening', () => console.log(/** @type {import('node:net').AddressInfo} */ (server.address()).port));
