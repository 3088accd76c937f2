// Layer: a response body turned into data. A success body must be what the operation documents (JSON, or an event
// stream when the caller asked for one): anything else is a ResponseParseError, never a string or `undefined`
// handed over as if it were the page. Error bodies are decoded leniently (a proxy's HTML 502 still makes an error).
import { APIError, ResponseParseError } from '../../errors.js';
import type { Call, Layer, Outcome } from './types.js';

// It sits under the rate limiter and the retry loop: a success body that does not parse is a failure the retry
// rules decide on (kind 'parse'), and a failure status becomes its typed error here, for them to throw or retry.
export const parseResponse: Layer = {
  name: 'parse-response',
  handle(call, next) {
    return next(call).then((outcome: Outcome) => {
      const { response, text } = outcome;
      if (response.ok) outcome.data = parseSuccess(call, response, text);
      else outcome.error = APIError.from(response.status, parseError(text, response), response.headers, call.summary);
      return outcome;
    });
  },
};

export function parseSuccess(call: Call, response: Response, text: string): unknown {
  const { summary } = call;
  // No body is documented for these: HEAD, 204/205, and 202 (accepted, nothing to say yet).
  if (call.operation.method === 'HEAD' || response.status === 204 || response.status === 205 || (response.status === 202 && text === '')) return undefined;
  const type = (response.headers.get('content-type') ?? '').trim();
  if (/^text\/event-stream/i.test(type) && call.headers.accept?.includes('text/event-stream')) return text;
  // JSON, or a JSON-based type (application/problem+json).
  if (type && !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type))
    throw new ResponseParseError(response.status, text, response.headers, summary, `expected application/json, got ${type}`);
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
  if ((response.headers.get('content-type') ?? '').includes('json') || /^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      // Not JSON after all: the text is the body.
    }
  }
  return text;
}
