// The mock's stages and state (@laevitas-api/mock-core) are shared with the MSW handlers of @laevitas-api/testing,
// which run in the browser too: nothing the package imports may reach for a `node:` module or Node's globals. This
// walks the real import graph from the package's entry, through the workspace packages it imports by name (the spec
// model), so a stage that starts importing node:crypto (or Buffer) fails here, not in a user's browser.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as validators from '@laevitas-api/validators';
// The stages call the validators with the spec's operation ids as plain strings.
const looseValidators = validators as never;
import { createMockCore } from '@laevitas-api/mock-core';
import { operationsOf } from '../src/spec-model.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const CORE = require.resolve('@laevitas-api/mock-core');
/** Private workspace packages the core imports by name: walked like its own files (the published ones are checked by their own builds). */
const WALKED_PACKAGES = /^@laevitas-api\/(mock-core|stream-mock-core|spec-model)(\/|$)/;
/** The stream mock's protocol, shared the same way with the MSW WebSocket handlers. */
const STREAM_CORE = require.resolve('@laevitas-api/stream-mock-core');

function importGraph(entry: string, seen = new Map<string, string>()): Map<string, string> {
  if (seen.has(entry)) return seen;
  const text = readFileSync(entry, 'utf8');
  seen.set(entry, text);
  const from = createRequire(entry);
  for (const [, spec] of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)) {
    if (spec?.startsWith('.')) importGraph(resolve(dirname(entry), spec), seen);
    else if (spec && WALKED_PACKAGES.test(spec)) importGraph(from.resolve(spec), seen);
  }
  return seen;
}

describe('the mock core shared with the MSW handlers', () => {
  it('imports no node: module and uses no Buffer, process or require anywhere in its import graph', () => {
    const graph = importGraph(CORE);
    expect(graph.size).toBeGreaterThan(8);
    expect(
      [...graph.keys()].some((file) => file.endsWith('spec-model.mjs')),
      'the spec model is walked too',
    ).toBe(true);
    for (const [file, text] of graph) {
      const code = text.replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');
      expect(code, file).not.toMatch(/from\s+'node:|\bBuffer\.|\bprocess\.|\brequire\(/);
    }
  });

  it('the stream core too: no node: module and no Buffer, process or require in its import graph', () => {
    const graph = importGraph(STREAM_CORE);
    expect(graph.size).toBeGreaterThanOrEqual(6);
    for (const [file, text] of graph) {
      const code = text.replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');
      expect(code, file).not.toMatch(/from\s+'node:|\bBuffer\.|\bprocess\.|\brequire\(/);
    }
  });

  it('answers like the server: synthesised rows, the documented 400 naming the parameter, 401 and 402 by credentials, 404 for unknown paths', async () => {
    const document = JSON.parse(readFileSync(resolve(here, '../../../spec/dist/openapi.json'), 'utf8'));
    const core = createMockCore({ document, operations: operationsOf(document), validators: looseValidators });
    const ask = (path: string, headers: Record<string, string> = { 'x-api-key': 'k' }) =>
      core.handle({ method: 'GET', url: new URL(path, 'http://mock.invalid'), headers });
    const ok = await ask('/api/v1/options/ohlcvt?instrument_name=BTC-26DEC25-100000-C&resolution=1h&limit=3');
    expect(ok.status).toBe(200);
    const body = JSON.parse(String(ok.body));
    expect(body.data).toHaveLength(3);
    expect(validators.validateResponse('getOptionsOhlcvt', 200, body).ok).toBe(true);
    const bad = await ask('/api/v1/options/ohlcvt?instrument_name=BTC-26DEC25-100000-C&limit=100000');
    expect(bad.status).toBe(400);
    expect(JSON.parse(String(bad.body)).message.join(' ')).toMatch(/limit must not be greater than/);
    expect((await ask('/api/v1/options/ohlcvt?instrument_name=BTC-26DEC25-100000-C', {})).status).toBe(402);
    expect((await ask('/api/v1/nowhere')).status).toBe(404);
  });

  it('refuses a forced status naming an example it does not document, as the server does; a documented name is answered', async () => {
    const document = JSON.parse(readFileSync(resolve(here, '../../../spec/dist/openapi.json'), 'utf8'));
    const core = createMockCore({ document, operations: operationsOf(document), validators: looseValidators });
    const ask = (prefer: string) =>
      core.handle({
        method: 'GET',
        url: new URL('/api/v1/options/ohlcvt?instrument_name=BTC-26DEC25-100000-C&resolution=1h', 'http://mock.invalid'),
        headers: { 'x-api-key': 'k', prefer },
      });
    const unknown = await ask('code=400, example=nope');
    expect(unknown.status).toBe(400);
    expect(JSON.parse(String(unknown.body)).message).toEqual([
      'Prefer: example=nope cannot be honoured: the 400 response of GET /api/v1/options/ohlcvt documents no example of that name; documented: badResolution',
    ]);
    const named = await ask('code=400, example=badResolution');
    expect(named.status).toBe(400);
    expect(validators.validateResponse('getOptionsOhlcvt', 400, JSON.parse(String(named.body))).ok).toBe(true);
  });
});
