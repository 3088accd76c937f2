// A tiny test client for the stream tests: connects, sends requests, and waits for frames or the close.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { attachStreamMock } from '../src/stream/mock.mjs';

export interface Probe {
  ws: WebSocket;
  frames: any[];
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  waitFor(test: (frame: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): void;
}

export function connect(url: string, headers: Record<string, string> = {}): Promise<Probe> {
  const ws = new WebSocket(url, { headers });
  const frames: any[] = [];
  const waiters: { test: (f: any) => boolean; resolve: (f: any) => void }[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw));
    frames.push(frame);
    for (const w of waiters.splice(0)) w.test(frame) ? w.resolve(frame) : waiters.push(w);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const probe: Probe = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    waitFor: (test, timeoutMs = 5000) => {
      const seen = frames.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(frames.slice(-3))}`)), timeoutMs);
        waiters.push({ test, resolve: (f) => (clearTimeout(timer), resolve(f)) });
      });
    },
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(probe));
    ws.once('error', reject);
    // A connection the server closes during the handshake's first tick still resolves: the test reads `closed`.
    ws.once('close', () => resolve(probe));
  });
}

/** A bare HTTP server on a free port with only the stream mock on it (no Prism): fast, for most stream tests. */
export async function startGateway(options: Record<string, unknown> = {}): Promise<{ url: string; server: Server; gateway: any; stop: () => Promise<void> }> {
  const server = createServer((_req, res) => res.writeHead(404).end());
  const gateway = attachStreamMock(server, options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  return {
    url,
    server,
    gateway,
    stop: async () => {
      await gateway.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
