// The docs build input's building blocks: the clean-up of citations and extension keys (with hostile text generated
// by fast-check), the public source links, the labels of untitled alternatives and the literals the samples print.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { scrubText, sourcesOf, operationNotes } from '../src/docs-notes.mjs';
import { alternativeLabel } from '../src/docs-alternatives.mjs';
import { jsLiteral, baseUrlOf, sampleRequest, urlOf } from '../src/docs-samples.mjs';
import { snippetsOf } from '../src/docs-snippets.mjs';
import { operationsOf } from '@laevitas-api/spec-model';
import { loadBundle } from './load.js';

const SEED = 20261123;
const CITATIONS = [
  '(section 4.2 ends with "not shown")',
  '(CLI SKILL.md and CHANGELOG 0.11.1/0.11.2)',
  'legacy reference §2.4',
  'v1 reference §4.5 and 8',
  'public facts a.1',
  'document 2.1',
  '`x-unpublished-shape: true`',
  '`x-rate-limit-group: creditToken`',
  '`info.x-rate-limits.creditToken`',
  'x-max-window',
];
const BANNED = [/§/, /\.md\b/, /\bsection \d/, /\bdocument \d/, /public facts/, /x-unpublished-shape|x-rate-limit|x-max-window/];

describe('scrubText', () => {
  it('leaves no citation or extension key, wherever it sits in ordinary text', () => {
    const words = fc
      .array(fc.constantFrom('The', 'route', 'is', 'open', 'rows', '(see below)', 'per', 'market', 'BTC', '`apiKey`', 'x-credit-token'), { maxLength: 8 })
      .map((w) => w.join(' '));
    fc.assert(
      fc.property(words, fc.constantFrom(...CITATIONS), words, (before, citation, after) => {
        const out = scrubText(`${before} ${citation} ${after}.`);
        for (const pattern of BANNED) expect(out, `${citation} -> ${out}`).not.toMatch(pattern);
        // Header names that merely look like extensions are kept.
        if (before.includes('x-credit-token')) expect(out).toContain('x-credit-token');
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
  it('turns an extension key into words and drops a sentence about the contract files', () => {
    expect(scrubText('Limited to 10 per minute (`x-rate-limit-group: creditToken`).')).toBe('Limited to 10 per minute (rate-limit group creditToken).');
    expect(scrubText('Open object. `spec/EXTENSIONS.md` lists every extension.')).toBe('Open object.');
    expect(scrubText('Not named by the document (section 4.2 ends with "x"); route from the catalog.')).toBe(
      'Not named by the API reference; route from the catalog.',
    );
  });
  it('keeps Markdown indentation', () => {
    expect(scrubText('* a\n  continued')).toBe('* a\n  continued');
  });
});

describe('sourcesOf', () => {
  it('links public pages, names public clients without a link, and keeps verbatim URLs', () => {
    expect(sourcesOf('legacy reference §4.1; public facts b.1; v1 reference §2.3')).toEqual([
      { title: 'Legacy API reference (Swagger)', url: 'https://api.laevitas.ch/swagger/' },
      { title: 'Public clients of the service' },
      { title: 'API v1 reference', url: 'https://apiv2.laevitas.ch/redoc' },
    ]);
    expect(sourcesOf('see https://example.org/x; public facts a.2')).toEqual([
      { title: 'https://example.org/x', url: 'https://example.org/x' },
      { title: 'Official CLI', url: 'https://github.com/laevitas/cli' },
    ]);
    expect(sourcesOf(undefined)).toEqual([]);
  });
});

describe('alternativeLabel', () => {
  it('labels each untitled alternative by what tells it apart', () => {
    const examples = ['2027-03-26', '26MAR27', '270326', '20270326'];
    expect(alternativeLabel({ type: 'string', format: 'date' }, examples)).toBe('ISO 8601 date');
    expect(alternativeLabel({ type: 'string', pattern: '^[0-9]{2}[A-Z]{3}[0-9]{2}$' }, examples)).toBe('string, e.g. 26MAR27');
    expect(alternativeLabel({ type: 'string', pattern: '^[0-9]{6}$' }, examples)).toBe('string, e.g. 270326');
    expect(alternativeLabel({ type: 'string', const: 'all_expiries' })).toBe('"all_expiries"');
    expect(alternativeLabel({ type: 'null' })).toBe('null');
    expect(alternativeLabel({ type: 'array', items: { $ref: '#/components/schemas/Row' } })).toBe('array of Row');
  });
});

describe('sample literals', () => {
  it('print values that parse back to the same data (JavaScript)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        const js = jsLiteral(value);
        expect(new Function(`return (${js});`)()).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
  it('quote curl arguments so the shell passes them through unchanged, and expand only the key variable', () => {
    const doc = loadBundle();
    const op = operationsOf(doc).find((o) => o.operationId === 'getOptionsOhlcvt')!;
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom(`it's "$(rm -rf /)" \`x\` & ; |`, '$HOME', "'"), (random, hostile) => {
        const value = `${hostile}${random}`.replace(/\0/g, '');
        const request = { ...sampleRequest(doc, op), query: { instrument_name: value } };
        const [curl] = snippetsOf(urlOf(doc, op, request), op.method, request, ['X-API-Key']);
        // A stand-in `curl` prints its arguments, one per line: what the shell made of the sample.
        const args = execFileSync('sh', ['-c', `curl() { printf '%s\\n' "$@"; }\n${curl!.source}`], {
          encoding: 'utf8',
          env: { PATH: process.env.PATH, LAEVITAS_API_KEY: 'the-key' },
        }).split('\n');
        const url = new URL(args[args.indexOf('--url') + 1]!);
        expect(url.searchParams.get('instrument_name')).toBe(value);
        expect(args).toContain('X-API-Key: the-key');
      }),
      { seed: SEED, numRuns: 40 },
    );
  });
});

describe('operationNotes', () => {
  it('changes with each extension it renders (a note cannot be there without its extension)', () => {
    const doc = loadBundle();
    const op = operationsOf(doc).find((o) => o.operationId === 'getOptionsTrades')!;
    const base = operationNotes(doc, op);
    expect(base).toContain('**Maximum window:** 7 days');
    const without = operationNotes(doc, { ...op, extensions: { ...op.extensions, 'x-max-window': undefined, 'x-x402-price': undefined } });
    expect(without).not.toContain('Maximum window');
    expect(without).not.toContain('USDC per call');
    const capped = operationNotes(doc, {
      ...op,
      extensions: { ...op.extensions, 'x-max-cells': 12, 'x-inferred-route': { note: 'From the catalog (section 4.2).' } },
    });
    expect(capped).toContain('at most 12 cells');
    expect(capped).toContain('**Inferred route.**');
    expect(capped).not.toContain('section 4.2');
  });

  it("shows a scan's plan inputs on every priced paginated operation: page size, and rows per bucket where declared", () => {
    const doc = loadBundle();
    const ops = operationsOf(doc);
    const priced = ops.filter((o) => o.extensions['x-x402-price'] && o.extensions['x-pagination']);
    expect(priced.length).toBeGreaterThan(10);
    for (const op of priced)
      expect(operationNotes(doc, op), op.operationId).toMatch(/\*\*Scan cost:\*\* .*a page holds up to `limit` rows \(default 100, at most 1000\)/);
    const candles = ops.find((o) => o.operationId === 'getOptionsOhlcvt')!;
    expect(operationNotes(doc, candles)).toContain('at most 1 row per bucket of `resolution`');
    expect(operationNotes(doc, { ...candles, extensions: { ...candles.extensions, 'x-rows-per-bucket': undefined } })).toContain('a budget needs `maxPages`');
    expect(operationNotes(doc, { ...candles, extensions: { ...candles.extensions, 'x-x402-price': undefined } })).not.toContain('Scan cost');
  });
});

describe('baseUrlOf', () => {
  it('finds the default base URL of each family whether servers sit on the document or on each path', () => {
    const doc = loadBundle();
    const perPath = structuredClone(doc);
    // The templated servers of each family (the root also lists each family's concrete host).
    const v1 = perPath.servers.find((s: { url: string }) => s.url.includes('{v2_base_url}'));
    const legacy = perPath.servers.find((s: { url: string }) => s.url.includes('{base_url}'));
    delete perPath.servers;
    for (const [path, item] of Object.entries<any>(perPath.paths)) item.servers = [/^\/(analytics|historical|pricer|V2)\//.test(path) ? legacy : v1];
    for (const document of [doc, perPath]) {
      const urls = new Set(operationsOf(document).map((op) => `${op.family} ${baseUrlOf(document, op)}`));
      expect([...urls].sort()).toEqual(['legacy https://api.laevitas.ch', 'v1 https://apiv2.laevitas.ch']);
    }
  });
});
