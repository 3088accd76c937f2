// The report readers without a server: Dredd's xunit file as Dredd's own XUnitReporter writes it (driven through
// its events, so the format is the real one), and the undocumented-field walk on generated bodies.
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDreddXUnit, reasonOf, dreddJUnit } from '../src/dredd-report.mjs';
import { undocumentedFields } from '../src/undocumented.mjs';
import { SPEC_JSON } from '../src/paths.mjs';
import { ensureDredd } from '../src/dredd-install.mjs';

const require = createRequire(import.meta.url);
// Dredd is installed only when asked for: this test asks (into the cache folder the CLI's --dredd uses).
const dreddBuild = join(ensureDredd({ log: () => {} }), 'build');
const XUnitReporter = require(join(dreddBuild, 'reporters/XUnitReporter.js')).default;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Drives Dredd's own XUnitReporter through the events Dredd emits; `end: false` is a run that died midway. */
async function xunitOf(events: ['pass' | 'skip' | 'fail', string, string?][], { end = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'dredd-xunit-'));
  dirs.push(dir);
  const path = join(dir, 'dredd.xunit.xml');
  const emitter = new EventEmitter();
  const stats = { tests: 0, failures: 0, errors: 0, passes: 0, skipped: 0, duration: 0 };
  new XUnitReporter(emitter, stats, path, false);
  const emit = (name: string, ...args: unknown[]) =>
    new Promise<void>((resolve) => (emitter.listeners(name).length ? emitter.emit(name, ...args, resolve) : resolve()));
  await emit('start', []);
  for (const [kind, title, message] of events) {
    const test = {
      title,
      duration: 5,
      message: message ?? '',
      request: { method: 'GET', uri: '/x', headers: {} },
      expected: { statusCode: '200', headers: {} },
      actual: { statusCode: 500, headers: {}, body: '{"detail":"data[0] must be object"}' },
    };
    stats.tests++;
    if (kind === 'fail') stats.failures++;
    if (kind === 'skip') stats.skipped++;
    emitter.emit(`test ${kind}`, test, () => {});
  }
  if (end) await emit('end');
  return readFileSync(path, 'utf8');
}

describe("Dredd's xunit report", () => {
  it('gives the counts, the operation of each transaction and the reason of each failure', async () => {
    const text = await xunitOf([
      ['pass', 'getOptionsOhlcvt GET (200) /api/v1/options/ohlcvt?a=1&b=<2>'],
      ['fail', 'postMcp POST (200|202) /api/v1/mcp', "statusCode: Expected status code '200', but got '500'.\n"],
      ['skip', 'getHealth HEAD (200) /api/v1/health'],
    ]);
    const report = parseDreddXUnit(text);
    expect([report.passed, report.failed, report.skipped, report.total]).toEqual([1, 1, 1, 3]);
    expect(report.cases.map((c: any) => [c.operationId, c.outcome])).toEqual([
      ['getOptionsOhlcvt', 'passed'],
      ['postMcp', 'failed'],
      ['getHealth', 'skipped'],
    ]);
    expect(report.cases[0]?.name).toBe('getOptionsOhlcvt GET (200) /api/v1/options/ohlcvt?a=1&b=<2>');
    // A wrong status says what came back: behind the validating proxy the 500 body names the violation.
    expect(report.cases[1]?.reason).toMatch(/^statusCode: Expected status code '200', but got '500'\. — body: .*data\[0\] must be object/);
    const junit = dreddJUnit(report);
    expect(junit).toContain('tests="3" failures="1" errors="0" skipped="1"');
    expect(junit).toContain('classname="postMcp"');
  });

  it('counts the test cases themselves when the run died before Dredd rewrote the header', async () => {
    const events = Array.from({ length: 40 }, (_, i) => ['fail', `op${i} GET (200) /x`, 'headers: Content-Type mismatch\n'] as ['fail', string, string]);
    const text = await xunitOf(events, { end: false });
    expect(text).toMatch(/tests="0" failures="0"/); // the header Dredd wrote at the start
    const report = parseDreddXUnit(text + '</testsuite>');
    expect([report.failed, report.total]).toEqual([40, 40]);
    expect(report.cases[39]).toMatchObject({ operationId: 'op39', reason: 'headers: Content-Type mismatch' });
  });

  it('keeps the first lines of a transport error', () => {
    expect(reasonOf('\nError: \nError: connect ECONNREFUSED 127.0.0.1:9\nStacktrace: \nError: connect …')).toBe(
      'Error: Error: connect ECONNREFUSED 127.0.0.1:9',
    );
  });
});

describe('undocumented fields', () => {
  const document = JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
  const schema = { $ref: '#/components/schemas/OptionsOhlcvtResponse' };
  const rowSchema = document.components.schemas.OhlcvtRow;

  it('are exactly the fields a row adds to its documented ones, whatever their names and values (seeded)', () => {
    expect(rowSchema?.properties, 'OhlcvtRow has documented fields').toBeDefined();
    const documented = Object.keys(rowSchema.properties);
    const extraName = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !documented.includes(k) && k !== '__proto__');
    fc.assert(
      fc.property(fc.uniqueArray(extraName, { maxLength: 5 }), fc.array(fc.jsonValue(), { minLength: 5, maxLength: 5 }), (extras, values) => {
        const row: Record<string, unknown> = Object.fromEntries(documented.map((k) => [k, 1]));
        extras.forEach((k, i) => (row[k] = values[i]));
        const found = undocumentedFields(document, schema, { data: [row, { ...row }], meta: {} });
        expect(found.map((f: any) => f.path).sort()).toEqual(extras.map((k) => `data[].${k}`).sort());
        expect(found.every((f: any) => f.unpublished === false && f.schema === 'OhlcvtRow')).toBe(true);
      }),
      { numRuns: 100, seed: 20261123 },
    );
  });

  it('are not reported inside a map (additionalProperties with a schema) or a free-form object', () => {
    const doc = { components: { schemas: { M: { type: 'object', additionalProperties: { type: 'number' } }, F: { type: 'object' } } } };
    expect(
      undocumentedFields(
        doc,
        { type: 'object', properties: { m: { $ref: '#/components/schemas/M' }, f: { $ref: '#/components/schemas/F' } } },
        { m: { BTC: 1 }, f: { any: 1 }, extra: 1 },
      ),
    ).toEqual([{ path: 'extra', field: 'extra', schema: undefined, unpublished: false, owner: undefined, types: ['number'], values: [1] }]);
  });

  it('name the schema a field would join, and pool the types and samples of every row walked', () => {
    const doc = { components: { schemas: { Row: { type: 'object', properties: { a: { type: 'number' } } } } } };
    const schema = { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Row' } } } };
    expect(
      undocumentedFields(
        doc,
        schema,
        {
          data: [
            { a: 1, b: null },
            { a: 2, b: 'x' },
          ],
        },
        '/paths/~1rows/get/responses/200/content/application~1json/schema',
      ),
    ).toEqual([
      { path: 'data[].b', field: 'b', schema: 'Row', unpublished: false, owner: '/components/schemas/Row', types: ['null', 'string'], values: ['x'] },
    ]);
  });
});
