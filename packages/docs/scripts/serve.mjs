// Serves dist/ on http://localhost:8080 (PORT to change it). A plain static server, as any static host would be:
// a directory answers with its index.html, and the site needs nothing else.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');
/** @type {Record<string, string>} */
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};
// Files whose name has no extension, by path (RFC 9727 names the catalog's media type).
/** @type {Record<string, string>} */
const typesByPath = { '/.well-known/api-catalog': 'application/linkset+json' };

/**
 * @param {number} [port]
 * @param {string} [host]
 * @returns {Promise<import('node:http').Server>}
 */
export function serveDocs(port = Number(process.env.PORT ?? 8080), host = process.env.HOST ?? '127.0.0.1') {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dist, path);
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      // Files under /assets/ are named by their content hash, so a browser may keep them for ever; pages are revalidated.
      const cache = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      const type = typesByPath[path] ?? types[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
      res.writeHead(200, { 'content-type': type, 'cache-control': cache });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await serveDocs();
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`Docs: http://localhost:${port}/`);
}
