// Without importing the stream entry, the REST client carries no stream code: `client.stream()` says what to import.
import { expect, it } from 'vitest';
import { createClient, LaevitasError } from '../src/index.js';

it('client.stream() without the stream entry names the import to add', () => {
  const client = createClient({ apiKey: 'k' });
  expect(() => client.stream()).toThrow(LaevitasError);
  expect(() => client.stream()).toThrow("import '@laevitas-api/client/stream'");
});

it('the built REST entry and every chunk it imports carry no stream code and never import ws', async () => {
  const { readFileSync } = await import('node:fs');
  const dist = new URL('../dist/', import.meta.url);
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(new URL(file, dist), 'utf8');
    expect(text, file).not.toMatch(/from ["']ws["']|import\(["']ws["']\)|LaevitasStream = class|class LaevitasStream|@modelcontextprotocol/);
    for (const [, next] of text.matchAll(/from ["']\.\/([^"']+)["']/g)) walk(next!);
  };
  walk('index.js');
  expect(seen.size).toBeGreaterThan(1);
  // The stream entry does have it (the check above can fail).
  expect(readFileSync(new URL('stream.js', dist), 'utf8')).toMatch(/LaevitasStream = class/);
});
