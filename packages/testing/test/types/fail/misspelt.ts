// Each line must fail to compile with the message on its marker (test/types.test.ts compiles this file; the package
// typecheck leaves it out). The compiler checks what a test forces, down to a row's field names.
import { fixtures, http } from '../../../src/index.js';

export const rowField = http.getOptionsOhlcvt(() => ({ data: [{ date: '2026-11-20 14:00:00', clsoe: 1 }], meta: { next_cursor: null } })); // expect-error: 'clsoe' does not exist in type 'OhlcvtRow'
export const envelope = http.getOptionsOhlcvt(() => ({ dta: [], meta: { next_cursor: null } })); // expect-error: Property 'data' is missing
export const forcedBody = http.getOptionsOhlcvt(() => ({ status: 200, body: { dta: [], meta: { next_cursor: null } } })); // expect-error: Property 'data' is missing
export const header = http.getOptionsOhlcvt(() => ({ status: 429, headers: { 'retry-after': 1 } })); // expect-error: Type 'number' is not assignable to type 'string'
export const query = http.getOptionsOhlcvt(({ query }) => fixtures.getOptionsOhlcvt({ rows: Number(query.limt) })); // expect-error: Property 'limt' does not exist
export const schemaOverride = fixtures.OhlcvtRow({ clsoe: 1 }); // expect-error: 'clsoe' does not exist in type 'Partial<OhlcvtRow>'
export const bodyOverride = fixtures.getOptionsOhlcvt({ rows: 3, overrides: { dat: [] } }); // expect-error: 'dat' does not exist
export const operation = http.getOptionsOhlcvtt(() => undefined); // expect-error: Property 'getOptionsOhlcvtt' does not exist
