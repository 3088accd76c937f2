// A plain node:http server on 127.0.0.1 (port 0) that answers from a script of responses, one per request, and
// records what each request carried. For the pipeline and hook tests, which need nothing of the fault server's pages.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Scripted {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface LocalServer {
  readonly origin: string;
  readonly received: { method: string; url: string; headers: IncomingHttpHeaders }[];
  /** Answers for the next requests, in order; after them, 200 `{"data":[]}`. */
  script(...answers: Scripted[]): void;
  close(): Promise<void>;
}

export async function localServer(): Promise<LocalServer> {
  const answers: Scripted[] = [];
  const received: LocalServer['received'] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    received.push({ method: req.method!, url: req.url!, headers: req.headers });
    const answer = answers.shift() ?? { status: 200, body: '{"data":[]}' };
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body ?? '{"data":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    script: (...more) => void answers.push(...more),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
