// MSW request handlers for every operation of both families, answering as the contract mock does: the same stages
// (route, request validation with the documented 400, paywall 402 and credentials 401, synthesised rows and real
// pages) run in-process on every intercepted request. No catch-all: a path no operation documents stays unhandled,
// so MSW's `onUnhandledRequest` reports it.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { createCore, operations, type Answer, type MockCore } from './model.js';
import { hostsOf, localUrlOf, patternOf, type HostOptions } from './hosts.js';

export type { HostOptions } from './hosts.js';

/** An MSW response from one of the mock's answers. */
export function toResponse(answer: Answer): Response {
  const body = answer.body === undefined || answer.body === '' ? null : answer.body;
  return new HttpResponse(body as BodyInit | null, { status: answer.status, headers: answer.headers ?? {} });
}

/** Hands one intercepted request to the mock's stages. */
export async function answerRequest(core: MockCore, request: Request, host: string): Promise<Answer> {
  const bodyless = request.method === 'GET' || request.method === 'HEAD';
  const body = bodyless ? undefined : new Uint8Array(await request.clone().arrayBuffer());
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return core.handle({ method: request.method, url: localUrlOf(request.url, host), headers, ...(body ? { body } : {}) });
}

/**
 * Handlers for every operation on the given hosts (default: the spec's two default hosts). Each call makes a fresh
 * mock: its pay-per-call state (credit tokens spent, payments charged) belongs to that set of handlers.
 */
export function createHandlers(options: HostOptions = {}): HttpHandler[] {
  const hosts = hostsOf(options);
  let core: MockCore | undefined;
  return operations.map((op) => {
    const host = hosts[op.family];
    return http[op.method as 'get'](patternOf(host, op.path), async ({ request }) => toResponse(await answerRequest((core ??= createCore()), request, host)));
  });
}

/** Handlers for every operation on the spec's default hosts (https://api.laevitas.ch and https://apiv2.laevitas.ch). */
export const handlers: HttpHandler[] = createHandlers();
