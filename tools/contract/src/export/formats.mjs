// The three formats an export writes, each as an append-only byte stream, so that a file cut at a page boundary is
// a prefix of the finished file and a resumed export only appends: `begin` before the first row, `rows` per page,
// `end` once at the finish. CSV follows RFC 4180 through csv-stringify (the node-csv project): fields with commas,
// quotes or line breaks (CR or LF alone too) are quoted, quotes doubled, lines end in CRLF; the columns are the first row's keys, and a
// later row with another key is refused rather than cut (nothing is silently dropped; NDJSON keeps every key).
import { stringify } from 'csv-stringify/sync';
import { UsageError } from '../errors.mjs';

/** @typedef {'csv' | 'ndjson' | 'json'} Format */
/** @typedef {{ columns?: string[], rows: number }} FormatState what the format needs to go on after a resume */

export const FORMATS = /** @type {const} */ (['csv', 'ndjson', 'json']);

/** The format named by `--format`, else by the output file's extension. @param {string | undefined} flag @param {string} out @returns {Format} */
export function formatOf(flag, out) {
  const name = flag ?? /\.([a-z]+)$/i.exec(out)?.[1]?.toLowerCase();
  if (name === 'jsonl') return 'ndjson';
  if (name && /** @type {readonly string[]} */ (FORMATS).includes(name)) return /** @type {Format} */ (name);
  throw new UsageError(`--format: ${flag ? `"${flag}" is not` : `the extension of ${out} names no format; give`} one of ${FORMATS.join(', ')}`);
}

/** A cell as text: nested values as JSON, booleans as true/false (csv-stringify's default writes 1 and ''). */
const CAST = { boolean: (/** @type {boolean} */ value) => String(value), object: (/** @type {object} */ value) => JSON.stringify(value) };

/**
 * The bytes of one page of rows. `state` carries the CSV columns and the count of rows written so far (JSON needs it
 * for the comma between rows); it is updated in place and saved with each checkpoint.
 * @param {Format} format  @param {Record<string, unknown>[]} rows  @param {FormatState} state  @returns {string}
 */
export function encodeRows(format, rows, state) {
  let text = '';
  if (format === 'csv') {
    if (!rows.length) return '';
    const columns = (state.columns ??= Object.keys(rows[0] ?? {}));
    for (const [i, row] of rows.entries()) {
      const extra = Object.keys(row).find((key) => !columns.includes(key));
      if (extra !== undefined)
        throw new Error(
          `row ${state.rows + i + 1} has the field "${extra}", which is not among the CSV columns (${columns.join(', ')}, from the first row); export it as ndjson or json instead`,
        );
    }
    // A lone CR or LF is quoted too: csv-stringify quotes only the record delimiter (CRLF), and readers take either as
    // a line break.
    text = stringify(rows, { header: state.rows === 0, columns, cast: CAST, record_delimiter: '\r\n', quoted_match: /[\r\n]/ });
  } else if (format === 'ndjson') {
    text = rows.map((row) => `${JSON.stringify(row)}\n`).join('');
  } else {
    text = rows.map((row, i) => `${state.rows + i === 0 ? '' : ',\n'}${JSON.stringify(row)}`).join('');
  }
  state.rows += rows.length;
  return text;
}

/** The bytes before the first row. @param {Format} format */
export const beginOf = (format) => (format === 'json' ? '[\n' : '');
/** The bytes after the last row. @param {Format} format  @param {FormatState} state */
export const endOf = (format, state) => (format === 'json' ? (state.rows ? '\n]\n' : ']\n') : '');
