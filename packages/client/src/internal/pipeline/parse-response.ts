// Layer: a response body turned into data. A success body must be what the operation documents (JSON, or an event
// stream when the caller asked for one): anything else is a ResponseParseError, never a string or `undefined`
// handed over as if it were the page. Error bodies are decoded leniently (a proxy's HTML 502 still makes an error).
import { APIError, ResponseParseError, type RequestSummary } from '../../errors.js';
import type { Layer, Outcome } from './call.js';

// It sits under the rate limiter and the retry loop: a success body that does not parse is a failure the retry
// rules decide on (kind 'parse'), and a failure status becomes its typed error here, for them to throw or retry.
export const parseResponse: Layer = {
  name: 'parse-response',
  handle(call, next) {
    return next(call).then((outcome: Outcome) => {
      const { response, text } = outcome;
      if (response.ok) outcome.data = parseSuccess(text, response, call.operation.method, call.summary, call.headers.accept ?? null);
      else outcome.error = APIError.from(response.status, parseError(text, response), response.headers, call.summary);
      return outcome;
    });
  },
};

const isJsonType = (type: string) => /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type);

export function parseSuccess(text: string, response: Response, method: string, summary: RequestSummary, accept: string | null): unknown {
  // No body is documented for these: HEAD, 204/205, and 202 (accepted, nothing to say yet).
  if (method === 'HEAD' || response.status === 204 || response.status === 205 || (response.status === 202 && text === '')) return undefined;
  const type = (response.headers.get('content-type') ?? '').trim();
  if (/^text\/event-stream/i.test(type) && accept?.includes('text/event-stream')) return text;
  if (type && !isJsonType(type)) throw new ResponseParseError(response.status, text, response.headers, summary, `expected application/json, got ${type}`);
  if (text.trim() === '') throw new ResponseParseError(response.status, text, response.headers, summary, 'empty body where JSON is documented');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ResponseParseError(
      response.status,
      text,
      response.headers,
      summary,
      `body is not valid JSON (${(error as Error).message}; ${text.length} characters)`,
    );
  }
}

export function parseError(text: string, response: Response): unknown {
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
