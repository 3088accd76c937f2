// Forwards one incoming request to an upstream server and returns the upstream answer as plain parts, so a front
// server can rewrite the request (the mock's case normalisation) or the answer (the drift server's faults).
const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'content-encoding']);

/** @returns {Promise<{status: number, headers: Record<string, string>, body: string}>} */
export async function forward(req, upstreamUrl) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP.has(k)));
  const response = await fetch(upstreamUrl, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
  return {
    status: response.status,
    headers: Object.fromEntries([...response.headers].filter(([k]) => !HOP.has(k))),
    body: await response.text(),
  };
}

export function reply(res, { status, headers, body }) {
  res.writeHead(status, headers);
  res.end(body);
}
