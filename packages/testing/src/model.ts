// The spec this package was generated from, the generated validators and the mock's runtime-neutral stages
// (@laevitas-api/mock-core, a private workspace package bundled into dist at build time): everything the handlers, fixtures and
// overrides answer from. Typed loosely here on purpose: the public API types come from @laevitas-api/types.
import * as validators from '@laevitas-api/validators';
import documentJson from '../generated/document.json' with { type: 'json' };
// JavaScript modules with JSDoc types, bundled into dist; typed at this boundary by the interfaces below.
import * as specModelJs from '@laevitas-api/spec-model';
import * as coreJs from '@laevitas-api/mock-core';

const core = coreJs as any;

export interface Operation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options' | 'trace';
  path: string;
  family: 'legacy' | 'v1';
  parameters: { name: string; in: string; required: boolean; schema: Record<string, any>; example?: unknown }[];
  responses: { status: number; schema?: unknown; headers: Record<string, unknown> }[];
  extensions: Record<string, unknown>;
}

/** An answer of the mock's stages: status, headers and the body text. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface MockCore {
  handle(request: { method: string; url: URL; headers: Record<string, string>; body?: Uint8Array }): Promise<Answer>;
}

export const document = documentJson as unknown as { paths: Record<string, any>; components: Record<string, any>; [key: string]: any };
export const operations = (specModelJs.operationsOf as unknown as (d: typeof document) => Operation[])(document);
export const operationById = new Map(operations.map((op) => [op.operationId, op]));
/** The validators, called with the spec's operation ids as plain strings. */
export const looseValidators = validators as unknown as {
  validateRequest(operationId: string, request: unknown): { ok: boolean };
  validateResponse(operationId: string, status: number, body: unknown): { ok: boolean; issues?: { message: string }[] };
};

/** A fresh in-process mock (its own paywall store): the server's data stages, ending in the documented example. */
export function createCore(): MockCore {
  return coreJs.createMockCore({ document, operations: operations as any, validators: looseValidators as any }) as MockCore;
}

type Plan = { listKey?: string } | undefined;
export const planOf = (op: Operation): Plan => core.planOf(document, op);
export const answerOf = (
  plan: NonNullable<Plan>,
  request: { pathParams: Record<string, string>; query: Record<string, string> },
  salt: string,
): Answer | undefined => core.answerOf(plan, request, looseValidators, salt);
export const documentedAnswerOf = (op: Operation, status: number): { example: unknown; headers: Record<string, string> } =>
  core.documentedAnswerOf(document, op, status);
export const successStatusOf = (op: Operation): number => core.successStatusOf(op);

const routes = core.compileRoutes(operations);
/** The operation a request is for and its decoded path parameters, by the mock's own route matcher (the most literal template wins). */
export function routeOf(method: string, pathname: string): { op: Operation; pathParams: Record<string, string> } | undefined {
  const found = core.matchRoute(routes, method.toUpperCase(), pathname);
  return found?.pathParams ? { op: found.route.op, pathParams: found.pathParams } : undefined;
}

/** FNV-1a of a text: the mock's own seed hash. */
export const hash32 = (text: string): number => core.hash32(text);
