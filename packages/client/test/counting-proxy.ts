// A proxy on 127.0.0.1 (port 0) in front of a server (the mock) that records the URL of every request it receives:
// what reached the server, not what the client meant to send. Requests are counted at the server this way.
import { createServer, request as forwardRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function countingProxyTo(targetUrl: string) {
  const received: URL[] = [];
  /** How many of them carried an x402 payment (`PAYMENT-SIGNATURE`). */
  const paid = { count: 0 };
  const target = new URL(targetUrl);
  const server = createServer((req, res) => {
    received.push(new URL(req.url ?? '/', targetUrl));
    if (req.headers['payment-signature']) paid.count++;
    const upstream = forwardRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => res.destroy(error));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, paid, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
