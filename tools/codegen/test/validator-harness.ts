// What the two generator-against-ajv tests (body-validators, strings-validators) share: the spec's distinct
// validator schemas of one kind as validators.mjs plans them, and a generated module loaded with its requires pointed
// at the package runtime, as a published module would load them.
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { buildModel } from '../src/model.mjs';
import { planOperation } from '../src/validator-plan.mjs';
import { loadBundle, ROOT } from './load.js';

const require = createRequire(import.meta.url);

/** A generated validator: a verdict, and ajv-shaped errors when it fails. */
export type Validate = { (data: unknown): boolean; errors?: unknown[] | null };

/** The package's issue wording (runtime/format.mjs): what a user sees of a failed validation. */
export const { formatErrors } = (await import(join(ROOT, 'packages/validators/runtime/format.mjs'))) as {
  formatErrors: (errors: unknown, prefix: string) => unknown[];
};

export const document = loadBundle();
export const components: Record<string, any> = document.components?.schemas ?? {};

/**
 * Every distinct schema of one kind the spec plans validators for: bodies (responses, request bodies, decoded headers)
 * or strings (parameters and headers), each with the first operation and validator that use it.
 */
export function distinctSchemas(kind: 'bodies' | 'strings'): { schema: unknown; where: string }[] {
  const distinct = new Map<string, { schema: unknown; where: string }>();
  for (const op of buildModel(document).operations)
    for (const entry of planOperation(op, components).entries)
      if (entry.strings === (kind === 'strings') && !distinct.has(JSON.stringify(entry.schema)))
        distinct.set(JSON.stringify(entry.schema), { schema: entry.schema, where: `${op.operationId} ${entry.name}` });
  return [...distinct.values()];
}

/** Loads a generated module's code and returns its validators `v0`, `v1`, … (as many as `count`). */
export function loadGenerated(code: string, count: number): Validate[] {
  const exports: Record<string, Validate> = {};
  const runtime = (path: string) => require(join(ROOT, 'packages/validators/generated/runtime', basename(path)));
  new Function('exports', 'require', code)(exports, runtime);
  return Array.from({ length: count }, (_, i) => exports[`v${i}`]!);
}
