// Without importing the stream entry, the REST client carries no stream code: `client.stream()` says what to import.
import { expect, it } from 'vitest';
import { createClient, LaevitasError } from '../src/index.js';

it('client.stream() without the stream entry names the import to add', () => {
  const client = createClient({ apiKey: 'k' });
  expect(() => client.stream()).toThrow(LaevitasError);
  expect(() => client.stream()).toThrow("import '@laevitas-api/client/stream'");
});
