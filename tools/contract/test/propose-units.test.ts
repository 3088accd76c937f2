// The proposer's parts on their own: the redactor against hostile samples (fast-check, seeded), the YAML edits
// against every schema file of the spec (only lines are added, and the file means what it meant plus the addition),
// the paced fetch's count of 429s, and the CLI's refusal of a propose without reports.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { createTwoFilesPatch } from 'diff';
import { createRedactor, REDACTED } from '../src/propose/redact.mjs';
import { addEntries, appendItems, addSource } from '../src/propose/yaml-edit.mjs';
import { paceOf, pacedFetch } from '../src/budget.mjs';
import { parseCli } from '../src/args.mjs';
import { UsageError } from '../src/errors.mjs';
import { infer } from '../src/propose/infer.mjs';
import { createRequire } from 'node:module';

const { liveSkipReason } = createRequire(import.meta.url)('../src/live-skips.cjs');

const ROOT = resolve(import.meta.dirname, '../../..');
const SCHEMAS = join(ROOT, 'spec/components/schemas');
const spec = JSON.parse(readFileSync(join(ROOT, 'spec/dist/openapi.json'), 'utf8'));

describe('the redactor', () => {
  it('never lets the key through, however a service wraps it (seeded)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 8, maxLength: 40 }).filter((k) => k.trim().length >= 8),
        fc.string(),
        fc.string(),
        fc.jsonValue(),
        (key, before, after, noise) => {
          const redact = createRedactor([key]);
          const wrapped = { note: `${before}${key}${after}`, nested: [{ deep: { value: key } }], url: `https://h/x?apiKey=${encodeURIComponent(key)}`, noise };
          const out = JSON.stringify(redact.value(wrapped)) + redact.text(`${before}${key}${after}`) + redact.text(encodeURIComponent(key));
          expect(out).not.toContain(JSON.stringify(key).slice(1, -1));
          expect(out).not.toContain(encodeURIComponent(key));
        },
      ),
      { seed: 40, numRuns: 300 },
    );
  });

  it('hides credential headers, tokens and URL credentials in samples, and keeps ordinary data', () => {
    const redact = createRedactor([]);
    expect(redact.header('X-Credit-Token', 'abc')).toBe(REDACTED);
    expect(redact.value('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig_sig_sig')).toBe(REDACTED);
    expect(redact.text('https://user:pass@example.com/a')).toBe(`https://${REDACTED}@example.com/a`);
    expect(redact.value({ exchange: 'deribit', instrument_name: 'BTC-27MAR26-100000-C', volume: 1.5 })).toEqual({
      exchange: 'deribit',
      instrument_name: 'BTC-27MAR26-100000-C',
      volume: 1.5,
    });
  });
});

const schemaFiles = readdirSync(SCHEMAS)
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => ({ file: f, text: readFileSync(join(SCHEMAS, f), 'utf8') }));

describe('the YAML edits, on every schema file of the spec', () => {
  const addedLinesOnly = (before: string, after: string) =>
    createTwoFilesPatch('a', 'b', before, after)
      .split('\n')
      .slice(4)
      .filter((l) => /^-/.test(l));

  it('a new field joins `properties` (created when missing): only lines are added and the rest means the same', () => {
    const objects = schemaFiles.filter(({ text }) => {
      const value = YAML.parse(text);
      const properties = YAML.parseDocument(text).get('properties', true);
      return value?.type === 'object' && !(YAML.isCollection(properties) && properties.flow);
    });
    expect(objects.length).toBeGreaterThan(100);
    for (const { file, text } of objects) {
      const after = addEntries(text, ['properties'], { drift_field: { type: ['number', 'null'], examples: ['2026-11-20 14:00:00'] } });
      expect(addedLinesOnly(text, after), file).toEqual([]);
      const before = YAML.parse(text);
      expect(YAML.parse(after), file).toEqual({
        ...before,
        properties: { ...before.properties, drift_field: { type: ['number', 'null'], examples: ['2026-11-20 14:00:00'] } },
      });
    }
  }, 120_000);

  it('a new value joins an `enum` (flow or block) and its label the `x-source`, nothing else changes', () => {
    const valueSets = schemaFiles.filter(({ text }) => Array.isArray(YAML.parse(text)?.enum));
    expect(valueSets.length).toBeGreaterThan(10);
    for (const { file, text } of valueSets) {
      const before = YAML.parse(text);
      const after = addSource(appendItems(text, ['enum'], ['drift-member']), [], 'drift watch 2026-11-28 (op 200 x: "y")');
      const expected = {
        ...before,
        enum: [...before.enum, 'drift-member'],
        'x-source': [before['x-source'], 'drift watch 2026-11-28 (op 200 x: "y")'].filter(Boolean).join('; '),
      };
      expect(YAML.parse(after), file).toEqual(expected);
    }
  }, 60_000);

  it('refuses to overwrite a key that exists', () => {
    expect(() => addEntries('type: object\nproperties:\n  a:\n    type: string\n', ['properties'], { a: { type: 'number' } })).toThrow(
      /properties\.a exists already/,
    );
  });
});

describe('the paced fetch', () => {
  it('counts what it sent and every 429, and pauses the group for the advised wait', async () => {
    let now = 0;
    const statuses = [200, 429, 200];
    const fake = (async () => new Response('{}', { status: statuses.shift()!, headers: { 'retry-after': '7' } })) as typeof fetch;
    const { fetch: paced, counts } = pacedFetch(fake, paceOf(spec, 0.25), () => 'v1', { now: () => now, sleep: async (ms: number) => void (now += ms) });
    await paced('http://127.0.0.1/api/v1/health');
    await paced('http://127.0.0.1/api/v1/health');
    const before = now;
    await paced('http://127.0.0.1/api/v1/health');
    expect(counts).toEqual({ sent: 3, rateLimited: 1 });
    expect(now - before).toBeGreaterThanOrEqual(7000);
  });
});

describe('the propose command line', () => {
  it('needs --reports, and names what it wants', () => {
    expect(() => parseCli(['propose'])).toThrow(UsageError);
    expect(() => parseCli(['propose'])).toThrow(/propose needs --reports <dir>/);
    expect(parseCli(['propose', '--reports', 'r', '--spec', 's']).command).toBe('propose');
    expect(() => parseCli(['run', '--rate-share', '2'])).toThrow(/--rate-share: "2" is not a share/);
    expect(() => parseCli(['run', '--rate-share', '0.25'])).toThrow(/--rate-share paces the conformance suite only: add --no-dredd/);
    expect(parseCli(['run', '--rate-share', '0.25', '--no-dredd']).rateShare).toBe(0.25);
  });
});

describe('what a live run never sends', () => {
  it('an agent call whose JSON-RPC method costs credits, or has no published cost; a free method is sent', () => {
    const mcp = spec.paths['/api/v1/mcp'].post;
    expect(mcp['x-credit-cost']['tools/call']).toBeGreaterThan(0);
    expect(liveSkipReason('post', mcp, spec, { jsonrpc: '2.0', id: 1, method: 'tools/call' })).toMatch(
      /^spends credits: JSON-RPC method "tools\/call" costs 1 credits/,
    );
    expect(liveSkipReason('post', mcp, spec, { jsonrpc: '2.0', id: 1, method: 'resources/list' })).toMatch(/costs an unpublished number of credits/);
    expect(liveSkipReason('post', mcp, spec, { jsonrpc: '2.0', id: 1, method: 'initialize' })).toBeUndefined();
  });
});

describe('what is never proposed', () => {
  it("a field of the service's OpenAPI or x402 discovery document stays a notice; the same field of a row is proposed", () => {
    const field = (owner: string) => ({
      operationId: 'op',
      method: 'GET',
      path: '/api/v1/x',
      observations: [
        { kind: 'undocumented-field' as const, status: 200, path: 'paths.extra', field: 'extra', owner, types: ['string'], samples: ['x'], unpublished: false },
      ],
    });
    const observed = (owner: string) => ({ observedAt: '2026-11-28T03:00:00.000Z', operations: [field(owner)] });
    for (const owner of ['/components/schemas/DiscoveryOpenApiDocument', '/components/schemas/DiscoveryX402Document/properties/resources'])
      expect(infer(observed(owner)), owner).toEqual({ edits: [], findings: [] });
    expect(infer(observed('/components/schemas/OhlcvtRow')).edits).toMatchObject([
      { kind: 'add-property', pointer: '/components/schemas/OhlcvtRow', name: 'extra' },
    ]);
  });

  it('a 429 or a 5xx is a transient finding, not a new status', () => {
    const observed = {
      observedAt: '2026-11-28T03:00:00.000Z',
      operations: [429, 503].map((status) => ({
        operationId: `op${status}`,
        method: 'GET',
        path: '/api/v1/x',
        observations: [{ kind: 'undocumented-status' as const, status, label: 'example request', contentType: 'application/json', sample: {} }],
      })),
    };
    const { edits, findings } = infer(observed);
    expect(edits).toEqual([]);
    expect(findings.map((f) => [f.operationId, f.kind])).toEqual([
      ['op429', 'transient status'],
      ['op503', 'transient status'],
    ]);
  });
});
