// Middleware (`createClient({ middleware: [...] })`, `client.use(mw)`), the openapi-fetch shape: per attempt, inside
// the retry loop (so an auth refresh changes the next attempt), each onRequest in the order given may return a
// changed Request, then after fetch each onResponse in the same order may return a changed Response. Whatever a
// middleware throws ends the call with that error. Called from http-attempt.ts, within the attempt's timeout.
import { HookError } from './hook-error.js';
import type { Call, Transport } from './types.js';

function checked<T>(value: unknown, kind: typeof Request | typeof Response, hook: string): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (!(value instanceof kind)) throw new TypeError(`middleware ${hook} must return a ${kind.name} or nothing, got ${typeof value}`);
  return value as T;
}

/**
 * Sends one fetch of an attempt through the middleware: without any, fetch as it is. The Request carries method,
 * headers and body; the init passed with it only what a Request does not keep (redirect, signal, fetchOptions).
 */
export const middlewareTransport: Transport = async (call, input, init) => {
  const { fetch, middleware } = call.client;
  if (!middleware?.length) return fetch(input, init);
  // Only the request's own fields: an undici Request would keep a fetchOptions `dispatcher` of another undici.
  const own: RequestInit = { method: init.method!, headers: init.headers!, redirect: 'manual' };
  if (init.body) own.body = init.body;
  if (init.signal) own.signal = init.signal;
  const request = await onRequest(call, new Request(input, own)).catch(hookFailed);
  const extra: RequestInit = Object.assign({}, call.client.fetchOptions, { redirect: 'manual' as const });
  if (init.signal) extra.signal = init.signal;
  return onResponse(call, request, await fetch(request, extra)).catch(hookFailed);
};

const hookFailed = (error: unknown): never => {
  throw new HookError(error);
};

async function onRequest(call: Call, request: Request): Promise<Request> {
  for (const middleware of call.client.middleware!) {
    if (!middleware.onRequest) continue;
    const event = { request, operationId: call.operation.operationId, attempt: call.attempt };
    request = checked<Request>(await middleware.onRequest(event), Request, 'onRequest') ?? request;
  }
  return request;
}

async function onResponse(call: Call, request: Request, response: Response): Promise<Response> {
  for (const middleware of call.client.middleware!) {
    if (!middleware.onResponse) continue;
    const event = { response, request, operationId: call.operation.operationId, attempt: call.attempt };
    response = checked<Response>(await middleware.onResponse(event), Response, 'onResponse') ?? response;
  }
  return response;
}
