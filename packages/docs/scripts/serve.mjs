// Serves dist/ on http://localhost:8080 (PORT to change it), as any static host would: a directory answers with its
// index.html, and the site needs nothing else.
//
// The files are served by serve-static (with finalhandler for its errors and compression for gzip/brotli), the
// Express project's static server: it answers conditional requests (ETag, Last-Modified), byte ranges and HEAD,
// types every file from the mime database, and refuses a path that climbs out of the root in any encoding (403) or
// that carries a NUL byte or a malformed escape (400). The HTTP server around it is hardened the way the mock's front
// is: a bounded header section, header and request timeouts (a client that stalls mid-request is dropped, it never
// holds the server), a clientError handler (a malformed request gets a 400 and never an 'error' event that would end
// the process) and a catch around the handler.
import { createServer } from 'node:http';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import finalhandler from 'finalhandler';
import serveStatic from 'serve-static';

export const DOCS_DIST = join(dirname(fileURLToPath(import.meta.url)), '../dist');

/** Where the mime database's type is not the registered one: YAML is `application/yaml` since RFC 9512 (it says `text/yaml`). */
const TYPES_BY_EXTENSION = /** @type {Record<string, string>} */ ({ '.yaml': 'application/yaml; charset=utf-8' });

/** The limits of one request: a URL or header section past 16 KiB is refused (431), as the mock refuses it. */
export const DOCS_LIMITS = { headerSectionBytes: 16 * 1024, headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 };

/**
 * The request handler over one directory (tests point it at a fixture; the main job at the docs build).
 * @param {string} [root]
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
export function docsHandler(root = DOCS_DIST) {
  /** @param {string} dir  @param {Record<string, string>} [typesByName] files whose name has no extension, by name */
  const serveDir = (dir, typesByName = {}) =>
    serveStatic(dir, {
      index: ['index.html'],
      fallthrough: false, // a missing file is a 404 from here, other methods than GET/HEAD a 405
      dotfiles: 'ignore',
      cacheControl: false, // set below: serve-static would give every file the same max-age
      setHeaders(res, path) {
        // Files under assets/ are named by their content hash, so a browser may keep them for ever; pages are revalidated.
        const immutable = path.startsWith(join(root, 'assets'));
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        const type = typesByName[basename(path)] ?? TYPES_BY_EXTENSION[extname(path)];
        if (type) res.setHeader('content-type', type); // before send types it by extension, which it then leaves alone
      },
    });
  const files = serveDir(root);
  // RFC 8615's /.well-known/ is the one dot-folder the site serves (serve-static ignores every other dotfile); the
  // API catalog has no extension, and RFC 9727 names its media type.
  const wellKnown = serveDir(join(root, '.well-known'), { 'api-catalog': 'application/linkset+json' });
  /** @type {typeof files} */
  const route = (req, res, next) => {
    if (!req.url?.startsWith('/.well-known/')) return files(req, res, next);
    req.url = req.url.slice('/.well-known'.length);
    return wellKnown(req, res, next);
  };
  const compress = compression();
  return (req, res) => {
    // finalhandler in production mode: an error page names the status, never a stack or a file system path.
    const done = finalhandler(req, res, { env: 'production', onerror: () => {} });
    try {
      compress(/** @type {any} */ (req), /** @type {any} */ (res), (/** @type {unknown} */ error) => {
        if (error) return done(error);
        route(req, res, done);
      });
    } catch (error) {
      process.stderr.write(`[docs] failed on ${req.method} ${req.url}: ${/** @type {Error} */ (error).stack}\n`);
      done(error);
    }
  };
}

/**
 * A malformed request (bad request line, oversized header section, a client that stalls) is answered or dropped on
 * its own socket; without this handler Node would emit it as an error of the server. A client that reset the
 * connection (ECONNRESET) reads nothing more: its socket is destroyed, never written to, whatever `writable` says
 * (Node's documentation of 'clientError' names this case).
 * @param {Error & {code?: string}} error  @param {import('node:stream').Duplex} socket
 */
export function onClientError(error, socket) {
  if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? '431 Request Header Fields Too Large'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? '408 Request Timeout'
        : '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
}

/**
 * @param {number} [port]
 * @param {string} [host]
 * @param {{root?: string | undefined}} [options]
 * @returns {Promise<import('node:http').Server>}
 */
export function serveDocs(port = Number(process.env.PORT ?? 8080), host = process.env.HOST ?? '127.0.0.1', { root = DOCS_DIST } = {}) {
  const server = createServer(
    {
      maxHeaderSize: DOCS_LIMITS.headerSectionBytes,
      headersTimeout: DOCS_LIMITS.headersTimeoutMs,
      requestTimeout: DOCS_LIMITS.requestTimeoutMs,
      connectionsCheckingInterval: 2_000, // how often the two timeouts above are enforced (default 30 s)
    },
    docsHandler(root),
  );
  server.on('clientError', onClientError);
  return new Promise((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await serveDocs();
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(`Docs: http://localhost:${port}/`);
}
