// A local stand-in for the streaming gateway (the `ws` package on port 0): the JSON grammar as the gateway speaks it
// since API v1.18.0 (subscribe replies `{channels, subscriptionIds}`, unsubscribe by one `subscriptionId`, ping,
// errors `{code, message}`, `{channel, data}` events), the API key read only from the `apikey` header (a wrong key is
// closed with 4001; none, or only the removed `?apiKey=`, leaves the connection unauthenticated: every subscribe gets
// `{code: 401}`), wildcard matching written independently of the client's, and knobs for faults: unanswered pings,
// refused or silently dropped subscriptions, close codes, dropped connections.
import { WebSocketServer, type WebSocket } from 'ws';
import type { AddressInfo } from 'node:net';

export interface GatewayConnection {
  socket: WebSocket;
  /** Patterns with at least one live subscription. */
  patterns: Set<string>;
  /** subscriptionId -> pattern: the live subscriptions. */
  subscriptions: Map<string, string>;
  url: URL;
  headers: Record<string, string | string[] | undefined>;
}

export interface Gateway {
  /** ws://127.0.0.1:PORT/ws */
  url: string;
  /** http://127.0.0.1:PORT (what a client's v2BaseUrl would be). */
  httpUrl: string;
  connections: GatewayConnection[];
  /** Every message received, in order, with the time it arrived and the index of its connection. */
  received: { at: number; connection: number; message: any }[];
  answerPings: boolean;
  /** Patterns whose subscribe gets an error reply. */
  refuse: Set<string>;
  /** Patterns the gateway leaves out of its subscribe reply (not accepted, no error). */
  drop: Set<string>;
  /** Delay of subscribe replies, ms (0: at once). */
  subscribeReplyDelayMs: number;
  /** When set, every new connection is closed at once with this code. */
  closeNewWith: number | undefined;
  publish(channel: string, data?: unknown): number;
  open(): GatewayConnection[];
  closeAll(code: number, reason?: string): void;
  dropAll(): void;
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

function patternRegex(pattern: string): RegExp {
  const parts = pattern.split('.').map((part) => (part === '*' ? '[^.]+' : part.replace(/[.+?^${}()|[\]\\/-]/g, '\\$&')));
  // A trailing `*` also covers the positions after it (`open-interest.*`), as the gateway documents.
  return new RegExp(`^${parts.join('\\.')}${pattern.endsWith('*') ? '(\\.[^.]+)*' : ''}$`);
}

export async function startGateway({ apiKey = 'test-key' }: { apiKey?: string | undefined } = {}): Promise<Gateway> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/ws' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  const gateway: Gateway = {
    url: `ws://127.0.0.1:${port}/ws`,
    httpUrl: `http://127.0.0.1:${port}`,
    connections: [],
    received: [],
    answerPings: true,
    refuse: new Set(),
    drop: new Set(),
    subscribeReplyDelayMs: 0,
    closeNewWith: undefined,
    publish(channel, data = { price: 1 }) {
      const frame = JSON.stringify({ channel, data });
      let sent = 0;
      for (const connection of this.open()) {
        if ([...connection.patterns].some((p) => patternRegex(p).test(channel))) {
          connection.socket.send(frame);
          sent++;
        }
      }
      return sent;
    },
    open() {
      return this.connections.filter((c) => c.socket.readyState === c.socket.OPEN);
    },
    closeAll(code, reason = '') {
      for (const c of this.open()) c.socket.close(code, reason);
    },
    dropAll() {
      for (const c of this.open()) c.socket.terminate();
    },
    async waitFor(predicate, timeoutMs = 3000) {
      const start = Date.now();
      while (!predicate()) {
        if (Date.now() - start > timeoutMs) throw new Error(`gateway: condition not met within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    async stop() {
      for (const c of gateway.connections) c.socket.terminate();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  server.on('connection', (socket, request) => {
    const url = new URL(request.url ?? '/', 'http://gateway.invalid');
    const connection: GatewayConnection = { socket, patterns: new Set(), subscriptions: new Map(), url, headers: request.headers };
    const index = gateway.connections.push(connection) - 1;
    const presented = request.headers.apikey;
    let nextId = 1;
    if (gateway.closeNewWith !== undefined) {
      socket.close(gateway.closeNewWith, 'closed by test');
      return;
    }
    if (apiKey !== undefined && presented !== undefined && presented !== apiKey) {
      socket.close(4001, 'invalid api key');
      return;
    }
    const authenticated = apiKey === undefined || presented === apiKey;
    const livePatterns = () => (connection.patterns = new Set(connection.subscriptions.values()));
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw));
      gateway.received.push({ at: Date.now(), connection: index, message });
      const { id, method, params } = message;
      if (method === 'ping') {
        if (gateway.answerPings) socket.send(JSON.stringify({ id, result: 'pong' }));
      } else if (!authenticated && (method === 'subscribe' || method === 'unsubscribe')) {
        socket.send(JSON.stringify({ id, error: { code: 401, message: 'Authentication required' } }));
      } else if (method === 'subscribe') {
        const refused = params.channels.filter((c: string) => gateway.refuse.has(c));
        if (refused.length) return socket.send(JSON.stringify({ id, error: { code: 400, message: `invalid channel ${refused[0]}` } }));
        const accepted = params.channels.filter((c: string) => !gateway.drop.has(c));
        const subscriptionIds = accepted.map((c: string) => {
          const subscriptionId = `c${index}-s${nextId++}`;
          connection.subscriptions.set(subscriptionId, c);
          return subscriptionId;
        });
        livePatterns();
        const reply = JSON.stringify({ id, result: { channels: accepted, subscriptionIds } });
        if (gateway.subscribeReplyDelayMs) setTimeout(() => socket.send(reply), gateway.subscribeReplyDelayMs);
        else socket.send(reply);
      } else if (method === 'unsubscribe') {
        if (!connection.subscriptions.delete(params?.subscriptionId))
          return socket.send(JSON.stringify({ id, error: { code: 400, message: `unknown subscriptionId ${JSON.stringify(params?.subscriptionId)}` } }));
        livePatterns();
        socket.send(JSON.stringify({ id, result: {} }));
      } else socket.send(JSON.stringify({ id, error: { code: -32601, message: 'unknown method' } }));
    });
  });
  return gateway;
}
