// Child process of the mock benchmark: serves the mock (with or without its answer cache) and a bare node:http server
// that answers the same routes with the same status, headers and bodies, so the load generator in the parent process
// measures servers that do not share its event loop. Prints one JSON line with the URLs, then answers each line read
// on stdin with the CPU time this process has used (`{"cpu": µs}`), or, to the line `bodies`, with the mock's
// encoded-body cache and this process's memory, until SIGTERM.
import { createServer } from 'node:http';
import { startMock } from '../contract/src/mock.mjs';
import { encodedBodies } from '../contract/src/mock/encoded-bodies.mjs';
import { ROUTES } from './mock-routes.mjs';

const cache = process.argv[2] !== 'no-cache';
const mock = await startMock({ port: 0, cache });
const answers = new Map();
for (const route of ROUTES) {
  const response = await fetch(mock.url + route.path, { headers: route.headers });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`bench route ${route.path} answered ${response.status}: ${body}`);
  answers.set(route.path, { status: response.status, type: response.headers.get('content-type'), body });
}
const bare = createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) return res.writeHead(404).end();
  res.writeHead(answer.status, { 'content-type': answer.type, 'content-length': answer.body.length });
  res.end(answer.body);
});
await /** @type {Promise<void>} */ (new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve)));
console.log(
  JSON.stringify({
    mock: mock.url,
    bare: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (bare.address()).port}`,
    bytes: [...answers.values()].map((a) => a.body.length),
  }),
);
process.stdin.setEncoding('utf8').on('data', (chunk) => {
  for (const line of String(chunk).split('\n').slice(0, -1)) {
    if (line === 'bodies') {
      // The mock's encoded-body cache and this process's memory (the bare server's share is its few bodies).
      const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
      console.log(JSON.stringify({ bodies: encodedBodies(), memory: { rss, heapUsed, external, arrayBuffers } }));
      continue;
    }
    const { user, system } = process.cpuUsage();
    console.log(JSON.stringify({ cpu: user + system }));
  }
});
process.on('SIGTERM', async () => {
  bare.close();
  await mock.stop();
  process.exit(0);
});
