// The generated validators' verdicts and issue messages over a fixed corpus (equivalence-corpus.ts), recorded per
// operation as a digest in fixtures/equivalence.json. Any change to how tools/codegen builds the validators (ajv
// options, keyword hooks, shared definitions) must keep every verdict and message byte for byte: this test is that
// proof. Rewrite the record (`EQUIVALENCE_RECORD=1`) only for a change of the spec or of the wording itself.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpus } from './equivalence-corpus.js';

const require = createRequire(import.meta.url);
const RECORD = new URL('./fixtures/equivalence.json', import.meta.url);

type Sample = ReturnType<typeof corpus> extends Map<string, (infer S)[]> ? S : never;
type Operation = {
  validateResponse: (status: number | undefined, body: unknown, headers?: unknown) => unknown;
  validateRequest: (request: unknown) => unknown;
};

/**
 * The package's two forms of every operation's validators, which must give the same outcomes: the CommonJS modules
 * behind the lazy index (and its generated runtime twins), and the per-operation ES modules (and the runtime's
 * ES module sources), each generated from the same checks (tools/codegen/src/module-form.mjs).
 */
const FORMS: [string, () => Promise<(operationId: string) => Operation>][] = [
  ['CommonJS, through index.cjs', async () => require('../index.cjs').operation],
  [
    'ES modules, through ops/<operationId>.mjs',
    async () => {
      const byId = new Map<string, Operation>();
      for (const id of require('../generated/operation-ids.json') as string[]) byId.set(id, (await import(`../generated/ops/${id}.mjs`))[id]);
      return (id) => byId.get(id)!;
    },
  ],
];

/** One sample's outcome as text: the verdict, then the issues or the accepted value (coercion shows there). */
function outcome(operation: Operation, sample: Sample): string {
  try {
    const result =
      sample.kind === 'response' ? operation.validateResponse(sample.status, sample.body, sample.headers) : operation.validateRequest(sample.request);
    return JSON.stringify(result);
  } catch (error) {
    return `threw ${(error as Error).message}`;
  }
}

describe.each(FORMS)('generated validators (%s): verdicts and messages over the equivalence corpus', (_, load) => {
  let digests: Record<string, { samples: number; rejected: number; sha256: string }> = {};
  let recorded: typeof digests = {};
  // Built and run when the suite starts, not when vitest collects it: collection stays quick, and the corpus's time
  // shows as this suite's (a quarter of a million samples).
  beforeAll(async () => {
    const operation = await load();
    digests = {};
    for (const [operationId, list] of corpus()) {
      const hash = createHash('sha256');
      let rejected = 0;
      for (const sample of list) {
        const text = outcome(operation(operationId), sample);
        if (!text.startsWith('{"ok":true')) rejected++;
        hash.update(text).update('\n');
      }
      digests[operationId] = { samples: list.length, rejected, sha256: hash.digest('hex') };
    }
    if (process.env.EQUIVALENCE_RECORD) writeFileSync(RECORD, `${JSON.stringify(digests, null, 2)}\n`);
    recorded = JSON.parse(readFileSync(RECORD, 'utf8'));
  }, 300_000);

  it('covers every operation with both verdicts', () => {
    expect(Object.keys(digests).sort()).toEqual(Object.keys(recorded).sort());
    const total = Object.values(digests).reduce((sum, d) => sum + d.samples, 0);
    const rejected = Object.values(digests).reduce((sum, d) => sum + d.rejected, 0);
    expect(total).toBeGreaterThan(50_000);
    expect(rejected).toBeGreaterThan(total / 2);
    expect(rejected).toBeLessThan(total);
  });

  it('keeps every verdict and message of every operation', () => {
    const changed = Object.keys(recorded).filter((id) => JSON.stringify(digests[id]) !== JSON.stringify(recorded[id]));
    expect(changed).toEqual([]);
  });
});
