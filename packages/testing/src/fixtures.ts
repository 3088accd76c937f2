// Typed fixtures: one factory per operation (the body the handlers would answer, built by the mock's own synthesis)
// and one per named schema (json-schema-faker over the spec's own schema). Deterministic: the same call gives the
// same value; a seed gives another, equally valid one. Every value is valid against its schema (test/fixtures.test.ts
// checks all of them with the generated validators).
import { generateSync } from 'json-schema-faker';
import type { components, OperationId, PathParams, QueryParams, ResponseBody, SuccessStatus } from '@laevitas-api/types/operations';
import { OPERATION_IDS, SCHEMA_NAMES, type SchemaName } from '../generated/names.js';
import { answerOf, document, documentedAnswerOf, hash32, operationById, planOf, successStatusOf, type Operation } from './model.js';

/** The body of an operation's success answer (200 for most). */
export type SuccessBody<Op extends OperationId> = ResponseBody<Op, SuccessStatus<Op>>;

type Scalar = string | number | boolean;
/** Query parameters of an operation as a caller writes them (the rows echo them: instrument, currency, resolution, …). */
export type FixtureQuery<Op extends OperationId> = [QueryParams<Op>] extends [never] ? Record<string, never> : { [K in keyof QueryParams<Op>]?: Scalar };
export type FixturePath<Op extends OperationId> = [PathParams<Op>] extends [never] ? Record<string, never> : { [K in keyof PathParams<Op>]?: Scalar };

export interface OperationFixtureOptions<Op extends OperationId> {
  /** Rows of a list answer (`data` or `items`); default: as many as the documented example shows. */
  rows?: number;
  /** Another seed gives other values (same shape, equally valid); without one the values are exactly the handlers'. */
  seed?: number | string;
  /** Request parameters the answer follows, as the handlers would for that request. */
  query?: FixtureQuery<Op>;
  params?: FixturePath<Op>;
  /** Top-level fields to replace in the body. */
  overrides?: Partial<SuccessBody<Op>>;
}

export interface SchemaFixtureOptions {
  seed?: number | string;
}

/** A schema's fixture: objects take a partial override, anything else a whole value. */
export type SchemaFixture<T> = T extends readonly unknown[]
  ? (value?: T, options?: SchemaFixtureOptions) => T
  : T extends object
    ? (overrides?: Partial<T>, options?: SchemaFixtureOptions) => T
    : (value?: T, options?: SchemaFixtureOptions) => T;

export type Fixtures = { [Op in OperationId]: (options?: OperationFixtureOptions<Op>) => SuccessBody<Op> } & {
  [S in SchemaName]: SchemaFixture<components['schemas'][S]>;
};

const seedOf = (seed: number | string | undefined): number =>
  seed === undefined ? 1 : typeof seed === 'number' && Number.isInteger(seed) ? seed : hash32(String(seed));

const isPlainObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** A value from a parameter's own documentation: its example, else its schema's example, first enum value or default. */
function documentedValueOf(parameter: Operation['parameters'][number]): string | undefined {
  const schema = parameter.schema ?? {};
  const value = parameter.example ?? schema.example ?? schema.examples?.[0] ?? schema.enum?.[0] ?? schema.default;
  return value === undefined || value === null || typeof value === 'object' ? undefined : String(value);
}

function fake(schema: unknown, seed: number | string | undefined): unknown {
  return generateSync({ ...(schema as Record<string, unknown>), components: document.components } as never, {
    seed: seedOf(seed),
    useExamplesValue: true,
    useDefaultValue: true,
    // Deep enough for the deepest response (envelope → rows → book levels → tuples); past it JSF gives up on types.
    maxDepth: 16,
  });
}

function operationFixture(op: Operation, options: OperationFixtureOptions<OperationId> = {}): unknown {
  if (options.rows !== undefined && !(Number.isInteger(options.rows) && options.rows >= 0)) {
    throw new RangeError(`fixtures.${op.operationId}: rows must be a whole number of at least 0 (got ${options.rows})`);
  }
  const status = successStatusOf(op);
  let body: unknown;
  const plan = op.method === 'get' ? planOf(op) : undefined;
  if (plan) {
    const pathParams: Record<string, string> = {};
    for (const p of op.parameters.filter((p) => p.in === 'path')) {
      const value = (options.params as Record<string, Scalar> | undefined)?.[p.name] ?? documentedValueOf(p);
      if (value !== undefined) pathParams[p.name] = String(value);
    }
    const query: Record<string, string> = {};
    for (const [name, value] of Object.entries((options.query ?? {}) as Record<string, Scalar | undefined>))
      if (value !== undefined) query[name] = String(value);
    const exampleRows = plan.listKey ? ((documentedAnswerOf(op, status).example as Record<string, unknown[]>)?.[plan.listKey]?.length ?? 1) : undefined;
    const rows = options.rows ?? exampleRows;
    if (plan.listKey && rows !== undefined && query.limit === undefined) query.limit = String(rows);
    const answer = answerOf(plan, { pathParams, query }, options.seed === undefined ? '' : `:${options.seed}`);
    if (answer?.status === status && typeof answer.body === 'string') body = JSON.parse(answer.body);
  }
  if (body === undefined) body = documentedAnswerOf(op, status).example;
  if (body === undefined) {
    const schema = op.responses.find((r) => r.status === status)?.schema;
    body = schema === undefined ? null : fake(schema, options.seed);
  }
  return options.overrides && isPlainObject(body) ? { ...body, ...(options.overrides as object) } : body;
}

function schemaFixture(name: string, value?: unknown, options: SchemaFixtureOptions = {}): unknown {
  const generated = fake({ $ref: `#/components/schemas/${name}` }, options.seed);
  if (value === undefined) return generated;
  return isPlainObject(generated) && isPlainObject(value) ? { ...generated, ...value } : value;
}

/** A fixture factory per operation (`fixtures.getOptionsOhlcvt({ rows: 3 })`) and per named schema (`fixtures.OhlcvtRow({ close: 1 })`). */
export const fixtures: Fixtures = Object.freeze(
  Object.fromEntries([
    ...OPERATION_IDS.map((id) => [id, (options?: OperationFixtureOptions<OperationId>) => operationFixture(operationById.get(id) as Operation, options)]),
    ...SCHEMA_NAMES.map((name) => [name, (value?: unknown, options?: SchemaFixtureOptions) => schemaFixture(name, value, options)]),
  ]),
) as Fixtures;
