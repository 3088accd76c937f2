// AWAITING_STRICT_SPEC (see run.mjs): mistakes that must not compile once documented rows are closed types and
// instrument names are strings. Every directive fails the check if its line starts compiling.
import type { OhlcvtRow, OptionsCatalogEntry, QueryParams } from '@laevitas-api/types';

declare const row: OhlcvtRow;
// @ts-expect-error `clsoe` is a typo of `close`
void row.clsoe;
const close: number = row.close;

// @ts-expect-error an instrument name is a string
const numericName: QueryParams<'getOptionsOhlcvt'> = { instrument_name: 12345 };

declare const entry: OptionsCatalogEntry;
// A catalog row's name is a string: string methods type-check on it.
const upper: string = entry.instrument_name.toUpperCase();

export { close, numericName, upper };
