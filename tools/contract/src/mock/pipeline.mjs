// The mock front's request pipeline: an incoming request becomes a Context (stage contract in ./answers.mjs), runs
// through an ordered list of stages until one answers, and the answer is sent with every stage's `extraHeaders`
// merged in. The list is explicit (see mock.mjs) so a new stage is one line in one place.
import { problem } from './answers.mjs';

/** Lower-case header names, one value each (repeated headers joined as node does). */
function headersOf(req) {
  const out = {};
  for (const [name, value] of Object.entries(req.headers)) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  return out;
}

async function bodyOf(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return chunks.length ? Buffer.concat(chunks) : undefined;
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {(url: URL) => URL} normalise the front's URL rewrite (case-insensitive parameters upper-cased)
 * @returns {Promise<import('./answers.mjs').Context>}
 */
export async function contextOf(req, normalise = (url) => url) {
  const body = await bodyOf(req);
  return {
    method: String(req.method).toUpperCase(),
    url: normalise(new URL(req.url, 'http://mock.invalid')),
    headers: headersOf(req),
    body,
    extraHeaders: {},
  };
}

/**
 * Runs the stages in order; the first Answer wins. A stage that throws ends the request with a 500 naming the stage,
 * so a bug in one stage is visible instead of a hang.
 * @param {Array<(ctx: any) => any>} stages
 */
export async function runStages(stages, ctx) {
  for (const stage of stages) {
    let answer;
    try {
      answer = await stage(ctx);
    } catch (error) {
      answer = problem(500, 'Internal Server Error', `mock front: stage ${stage.name || '(anonymous)'} failed: ${error?.message ?? error}`);
    }
    if (answer) return withExtraHeaders(answer, ctx.extraHeaders);
  }
  return withExtraHeaders(problem(500, 'Internal Server Error', 'mock front: no stage answered'), ctx.extraHeaders);
}

/** A stage's own headers win over the marks added on the way (a forced answer knows its headers best). */
export function withExtraHeaders(answer, extra) {
  return { ...answer, headers: { ...extra, ...(answer.headers ?? {}) } };
}

export function send(res, { status, headers = {}, body }, method = 'GET') {
  res.writeHead(status, headers);
  res.end(method === 'HEAD' ? undefined : body);
}

const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'content-encoding']);

/** The last stage: hand the request, as the front normalised it, to Prism. `prismUrl` may be a function (a restarted child may move). */
export function prismFallback(prismUrl) {
  return async function prism(ctx) {
    const base = typeof prismUrl === 'function' ? prismUrl() : prismUrl;
    const target = new URL(ctx.url.pathname + ctx.url.search, base);
    const headers = Object.fromEntries(Object.entries(ctx.headers).filter(([k]) => !HOP.has(k)));
    try {
      const response = await fetch(target, { method: ctx.method, headers, body: ctx.body && ctx.method !== 'GET' && ctx.method !== 'HEAD' ? ctx.body : undefined });
      return {
        status: response.status,
        headers: Object.fromEntries([...response.headers].filter(([k]) => !HOP.has(k))),
        body: Buffer.from(await response.arrayBuffer()),
      };
    } catch (error) {
      return problem(502, 'Bad Gateway', `mock front: Prism did not answer: ${error?.message ?? error}`);
    }
  };
}
