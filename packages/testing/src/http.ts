// Typed overrides per operation: `server.use(http.getOptionsOhlcvt(() => ({ status: 429, headers: { 'retry-after': '1' } })))`.
// A resolver returns the success body, `{ status, headers?, body? }` (a documented status types its body; the
// documented example fills a body left out), a Response, or nothing to let the request through to the next handler.
// An override only takes the requests the mock routes to its operation, so `/x/{currency}` never catches `/x/summary`.
import { http as msw, HttpResponse, type HttpHandler } from 'msw';
import type { OperationId, PathParams, QueryParams, ResponseBody, ResponseStatus } from '@laevitas-api/types/operations';
import { OPERATION_IDS } from '../generated/names.js';
import { documentedAnswerOf, operationById, routeOf, successStatusOf, type Operation } from './model.js';
import { hostsOf, localUrlOf, patternOf, type HostOptions } from './hosts.js';
import type { SuccessBody } from './fixtures.js';

/** Statuses a gateway or the service may answer although an operation does not document them. */
export type GatewayStatus = 429 | 500 | 502 | 503 | 504;

type Headers_ = Record<string, string>;
/** A forced answer: a documented status types its body; an undocumented gateway status takes any body. */
export type OverrideAnswer<Op extends OperationId> =
  | { [S in ResponseStatus<Op>]: { status: S; headers?: Headers_; body?: ResponseBody<Op, S> } }[ResponseStatus<Op>]
  | { status: Exclude<GatewayStatus, ResponseStatus<Op>>; headers?: Headers_; body?: unknown };

export type OverrideResult<Op extends OperationId> = SuccessBody<Op> | OverrideAnswer<Op> | Response | undefined | void;

export interface OverrideInfo<Op extends OperationId> {
  operationId: Op;
  request: Request;
  /** The query as sent (strings), keyed by the operation's documented parameters. */
  query: [QueryParams<Op>] extends [never] ? Record<string, string | undefined> : { [K in keyof QueryParams<Op>]?: string };
  /** The decoded path parameters. */
  params: [PathParams<Op>] extends [never] ? Record<string, string> : { [K in keyof PathParams<Op>]: string };
}

export type OverrideResolver<Op extends OperationId> = (info: OverrideInfo<Op>) => OverrideResult<Op> | Promise<OverrideResult<Op>>;

export interface OverrideOptions extends HostOptions {
  /** Answer one request only, then step aside (MSW's `once`). */
  once?: boolean;
}

export type Http = { [Op in OperationId]: (resolver: OverrideResolver<Op>, options?: OverrideOptions) => HttpHandler };

const ANSWER_KEYS = new Set(['status', 'headers', 'body']);
/** `{ status, headers?, body? }` and nothing else: a forced answer rather than a body. */
function isAnswer(value: unknown): value is { status: number; headers?: Headers_; body?: unknown } {
  return (
    Boolean(value) &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as { status?: unknown }).status === 'number' &&
    Object.keys(value as object).every((key) => ANSWER_KEYS.has(key))
  );
}

function respond(op: Operation, result: unknown): Response {
  if (result instanceof Response) return result;
  if (isAnswer(result)) {
    const documented = documentedAnswerOf(op, result.status);
    const headers = { ...documented.headers, ...(result.headers ?? {}) };
    const body = 'body' in result ? result.body : documented.example;
    return body === undefined
      ? new HttpResponse(null, { status: result.status, headers })
      : HttpResponse.json(body as never, { status: result.status, headers });
  }
  return HttpResponse.json(result as never, { status: successStatusOf(op) });
}

function overrideOf(op: Operation, resolver: OverrideResolver<OperationId>, options: OverrideOptions = {}): HttpHandler {
  const host = hostsOf(options)[op.family];
  return msw[op.method as 'get'](
    patternOf(host, op.path),
    async ({ request }) => {
      const local = localUrlOf(request.url, host);
      const route = routeOf(request.method, local.pathname);
      if (route?.op.operationId !== op.operationId) return undefined;
      const query = Object.fromEntries(local.searchParams);
      const result = await resolver({ operationId: op.operationId as OperationId, request, query, params: route.pathParams } as never);
      return result === undefined ? undefined : respond(op, result);
    },
    options.once ? { once: true } : {},
  );
}

/** Typed overrides on other hosts (as `createHandlers({ baseUrl, v2BaseUrl })`). */
export function createHttp(defaults: HostOptions = {}): Http {
  return Object.freeze(
    Object.fromEntries(
      OPERATION_IDS.map((id) => [
        id,
        (resolver: OverrideResolver<OperationId>, options: OverrideOptions = {}) =>
          overrideOf(operationById.get(id) as Operation, resolver, { ...defaults, ...options }),
      ]),
    ),
  ) as Http;
}

/** Typed overrides on the spec's default hosts: `server.use(http.getOptionsOhlcvt(() => ({ status: 429 })))`. */
export const http: Http = createHttp();
