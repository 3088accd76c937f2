// What each source module of the client costs in a size-limit bundle (`node tools/bench/bundle-cost.mjs [one|paginated|full]`).
// size-limit bundles dist/ (built code, one chunk for many modules); this bundles the client's TypeScript sources the
// same way (esbuild, minified, ESM, gzip) with a source map, so every minified character is owned by a source file.
// Per file: its minified bytes, and its gzip cost = gzip(bundle) - gzip(bundle without that file's characters), which
// counts what the file adds to the compressed total (a file repeating others' words costs little). The totals come
// within ~40 B of size-limit's (`cd packages/client && pnpm exec size-limit --json`). A client at another path (an
// older checkout's packages/client, say) is measured with CLIENT=<path>.
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const client = resolve(process.env.CLIENT ?? new URL('../../packages/client', import.meta.url).pathname);
const core = `${client}/src/core-entry.ts`;
const ops = `${client}/src/generated/operations.ts`;
/** @type {Record<string, string>} the entries of packages/client/.size-limit.cjs, on the sources */
const ENTRIES = {
  one: `import { createCore } from '${core}'; import { getOptionsOhlcvt } from '${ops}'; console.log(createCore, getOptionsOhlcvt);`,
  paginated: `import { createCore, paginate } from '${core}'; import { getOptionsTrades } from '${ops}'; console.log(createCore, paginate, getOptionsTrades);`,
  full: `import { createClient } from '${client}/src/index.ts'; console.log(createClient);`,
};
const which = process.argv[2] ?? 'one';
const contents = ENTRIES[which];
if (!contents) throw new Error(`bundle-cost: unknown bundle ${which} (one of ${Object.keys(ENTRIES).join(', ')})`);

const result = await build({
  stdin: { contents, resolveDir: client, loader: 'ts' },
  bundle: true,
  minify: true,
  format: 'esm',
  write: false,
  sourcemap: 'external',
  outfile: 'bundle.js',
  target: 'es2022',
  platform: 'neutral',
  external: ['@laevitas-api/*', 'ws', '@modelcontextprotocol/*', 'node:*'],
});
const js = /** @type {import('esbuild').OutputFile} */ (result.outputFiles.find((f) => f.path.endsWith('.js'))).text;
const map = JSON.parse(/** @type {import('esbuild').OutputFile} */ (result.outputFiles.find((f) => f.path.endsWith('.map'))).text);

// Which source owns each character of the output: decode the source map's segments (VLQ, base64).
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const owner = new Int32Array(js.length).fill(-1);
const lines = js.split('\n');
const mapLines = /** @type {string} */ (map.mappings).split(';');
let offset = 0;
let source = 0;
for (let line = 0; line < lines.length; line++) {
  let column = 0;
  /** @type {[number, number][]} */
  const points = [];
  for (const segment of (mapLines[line] ?? '').split(',').filter(Boolean)) {
    /** @type {number[]} */
    const values = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = B64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >> 1) : value >> 1);
        value = 0;
        shift = 0;
      }
    }
    column += /** @type {number} */ (values[0]);
    if (values.length > 1) source += /** @type {number} */ (values[1]);
    points.push([column, values.length > 1 ? source : -1]);
  }
  const text = /** @type {string} */ (lines[line]);
  for (let i = 0; i < points.length; i++) {
    const [start, owned] = /** @type {[number, number]} */ (points[i]);
    const end = i + 1 < points.length ? /** @type {[number, number]} */ (points[i + 1])[0] : text.length;
    for (let c = start; c < end; c++) owner[offset + c] = owned;
  }
  offset += text.length + 1;
}

const gzip = (/** @type {string} */ text) => gzipSync(text, { level: 9 }).length;
const total = gzip(js);
const rows = /** @type {string[]} */ (map.sources)
  .map((name, index) => {
    let kept = '';
    let bytes = 0;
    for (let c = 0; c < js.length; c++) {
      if (owner[c] === index) bytes++;
      else kept += js[c];
    }
    return { name: name.replace(/.*packages\/client\//, ''), bytes, cost: total - gzip(kept) };
  })
  .filter((row) => row.bytes > 0)
  .sort((a, b) => b.cost - a.cost);
console.log(`${which}: ${js.length} B minified, ${total} B gzip`);
console.log('  min B  gzip B  module');
for (const row of rows) console.log(`${String(row.bytes).padStart(7)} ${String(row.cost).padStart(7)}  ${row.name}`);
