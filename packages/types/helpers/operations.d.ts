// Helper types over the generated `operations` map: a response body by operation and status, the parameters by
// location, the envelopes rows come in. Written by hand (and type-checked with the package: tsconfig.json) rather than
// printed from a template by tools/codegen, so an editor, the compiler and a reviewer read them as the code they are;
// generated/operations.d.ts and .d.cts re-export them. They depend only on names the generator guarantees:
// `operations` (openapi.d.ts), the signature maps and the meta schemas (signatures.d.ts).
import type { operations } from '../generated/openapi.js';
export type { components, operations } from '../generated/openapi.js';
import type { OperationId, V1Meta, LegacyHistoricalMeta } from '../generated/signatures.js';
export type { OperationId, OperationParameters, OperationRequestBodies, OperationResults } from '../generated/signatures.js';
export type * from '../generated/schemas.js';
type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** Status codes an operation documents. */
export type ResponseStatus<Op extends OperationId> = Extract<keyof operations[Op]['responses'], number>;
/** The documented success status codes (2xx) of an operation. */
export type SuccessStatus<Op extends OperationId> = Extract<ResponseStatus<Op>, 200 | 201 | 202 | 204>;
/** The error status codes (4xx/5xx) of an operation. */
export type ErrorStatus<Op extends OperationId> = Exclude<ResponseStatus<Op>, SuccessStatus<Op>>;
/** JSON body of a response of an operation; the success body by default. */
export type ResponseBody<Op extends OperationId, S extends ResponseStatus<Op> = SuccessStatus<Op>> = JsonBody<operations[Op]['responses'][S]>;
/** Union of the documented error bodies of an operation. */
export type ErrorBody<Op extends OperationId> = { [S in ErrorStatus<Op>]: JsonBody<operations[Op]['responses'][S]> }[ErrorStatus<Op>];
type Params<Op extends OperationId> = operations[Op] extends { parameters: infer P } ? P : never;
/** Query parameters of an operation. */
export type QueryParams<Op extends OperationId> = Params<Op> extends { query?: infer Q } ? Exclude<Q, undefined> : never;
/** Path parameters of an operation. */
export type PathParams<Op extends OperationId> = Params<Op> extends { path?: infer Q } ? Exclude<Q, undefined> : never;
/** Header parameters of an operation. */
export type HeaderParams<Op extends OperationId> = Params<Op> extends { header?: infer Q } ? Exclude<Q, undefined> : never;
/** JSON request body of an operation (never when it takes none). */
export type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody?: infer B } ? JsonBody<Exclude<B, undefined>> : never;

/** The versioned family's list envelope around rows of one kind: `{ data: Row[], meta }`. */
export type V1Envelope<Row> = { data: Row[]; meta: V1Meta };
/** The legacy current-data envelope `{ date, data }` around rows of one kind. */
export type LegacyLiveEnvelopeOf<Row> = { date: number; data: Row[] };
/** The legacy historical envelope `{ meta, items }` around rows of one kind. */
export type LegacyHistoricalEnvelopeOf<Row> = { meta: LegacyHistoricalMeta; items: Row[] };
