// Forwards one incoming request to an upstream server and returns the upstream answer as plain parts, so a front
// server can rewrite the request (the mock's case normalisation) or the answer (the drift server's faults).
/** @typedef {{status: number, headers: Record<string, string>, body: string}} Reply */

const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'content-encoding']);

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {string | URL} upstreamUrl
 * @returns {Promise<Reply>}
 */
export async function forward(req, upstreamUrl) {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  // Incoming values are strings but for set-cookie (a request never carries one); fetch stringifies whatever it gets.
  const headers = /** @type {Record<string, string>} */ (Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP.has(k))));
  const response = await fetch(upstreamUrl, {
    ...(req.method ? { method: req.method } : {}),
    headers,
    ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
  });
  return {
    status: response.status,
    headers: Object.fromEntries([...response.headers].filter(([k]) => !HOP.has(k))),
    body: await response.text(),
  };
}

/** @param {import('node:http').ServerResponse} res  @param {Reply} answer */
export function reply(res, { status, headers, body }) {
  res.writeHead(status, headers);
  res.end(body);
}
