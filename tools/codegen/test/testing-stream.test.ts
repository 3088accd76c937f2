// What `pnpm generate` tells a user whose AsyncAPI document declares no native gateway (no server with `x-limits`):
// the stream generators run as cli.mjs runs them (stream.mjs, then testing-stream.mjs) on the real bundle with the
// limits removed. Both stop in streamModel (stream-model.mjs), which looks for the gateway before anything else reads
// it and names the missing field: that is the error a user gets, and why testing-stream.mjs carries no check of its own.
import { describe, expect, it } from 'vitest';
import { bundleAsyncApi } from '../src/asyncapi-bundle.mjs';
import { generateStream } from '../src/stream.mjs';
import { generateTestingStream, testingStreamOf } from '../src/testing-stream.mjs';
import { Output } from '../src/output.mjs';
import { ROOT } from './load.js';

/** The bundled document with `x-limits` taken off every server: no server is the native gateway. */
function withoutGateway() {
  const { document } = bundleAsyncApi(ROOT);
  for (const server of Object.values(document.servers as Record<string, Record<string, unknown>>)) delete server['x-limits'];
  return document;
}

describe('testing-stream.mjs on a document without a native gateway', () => {
  it('stops generation in streamModel with the error a user gets, before any stream file is produced', async () => {
    const output = new Output({ root: ROOT, check: true });
    const document = withoutGateway();
    const first = await generateStream(document, output).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(Error);
    expect((first as Error).message).toMatch(/declares no native gateway: no server among .+ has `x-limits`/);
    expect((first as Error).stack).toMatch(/stream-model\.mjs/);
    // Were the first generator to let it pass, this one stops at the same place, not at a check of its own.
    const second = (() => {
      try {
        generateTestingStream(document, output);
      } catch (error) {
        return error;
      }
    })();
    expect(second).toBeInstanceOf(Error);
    expect((second as Error).message).toBe((first as Error).message);
    expect((second as Error).stack).toMatch(/stream-model\.mjs/);
    expect([...output.files.keys()].filter((path) => path.includes('stream'))).toEqual([]);
  });

  it('with the gateway, the same generator gives the default URL from the host variables and every family an example', () => {
    const { document } = bundleAsyncApi(ROOT);
    const { gatewayUrl, examples, closeCodes } = testingStreamOf(document);
    expect(gatewayUrl).toBe('wss://apiv2.laevitas.ch/ws');
    expect(Object.values(examples).every((list) => list.length > 0)).toBe(true);
    expect(closeCodes).toContain(4001);
  });
});
