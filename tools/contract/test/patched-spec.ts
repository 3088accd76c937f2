// A proposed patch proved the way a maintainer would: applied with `git apply` to a copy of the spec's YAML files,
// bundled by the same codegen step as the real spec, and the next run judged by validators compiled from that bundle
// (ajv at run time here: the generated validators are per release; the schemas and the issue wording are the same).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { operationsOf } from '../src/spec-model.mjs';
import { responseAt } from '../src/propose/locate.mjs';

const require = createRequire(import.meta.url);
const ROOT = resolve(import.meta.dirname, '../../..');
const BUNDLE_MODULE = join(ROOT, 'tools/codegen/src/bundle.mjs');
const run = promisify(execFile);
const formats = require('../../../packages/validators/generated/runtime/formats.cjs').byFormat as Record<string, (s: string) => boolean>;
const { formatErrors } = require('../../../packages/validators/generated/runtime/format.cjs') as {
  formatErrors: (errors: readonly unknown[], prefix: string) => { path: string; rule: string; message: string }[];
};

/** A copy of spec/'s sources (not its generated dist/) in a new folder; returns the folder that holds `spec/`. */
export function copySpec(): string {
  const root = mkdtempSync(join(tmpdir(), 'drift-spec-'));
  cpSync(join(ROOT, 'spec'), join(root, 'spec'), { recursive: true, filter: (src) => !/[\\/]spec[\\/](dist|releases)([\\/]|$)/.test(src) });
  return root;
}

/** `git apply` (it needs no repository) of a patch whose paths start with `spec/`. */
export function applyPatch(root: string, patch: string) {
  const file = join(root, 'proposal.patch');
  writeFileSync(file, patch);
  execFileSync('git', ['apply', '--whitespace=error-all', file], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * The bundle of the copy, made in a child process: Redocly runs synchronously, and blocking this process for seconds
 * would leave the test's keep-alive sockets to the mock closed under it.
 */
export async function bundle(root: string): Promise<{ paths: Record<string, any>; [key: string]: any }> {
  const script = `const { bundleSpec } = await import(${JSON.stringify(pathToFileURL(BUNDLE_MODULE).href)}); process.stdout.write(JSON.stringify(bundleSpec(${JSON.stringify(root)}).document));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout);
}

/** The conformance suite's `validators` for a document other than the generated one. */
export function validatorsFor(document: Record<string, any>) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  for (const [name, check] of Object.entries(formats)) ajv.addFormat(name, check);
  ajv.addSchema({ ...document, $id: 'urn:drift:spec' });
  const ops = new Map(operationsOf(document as { paths: Record<string, any> }).map((op: any) => [op.operationId, op]));
  return {
    validateResponse(operationId: string, status: number, body: unknown, headers?: Headers) {
      const op = ops.get(operationId);
      const at = op && responseAt(document, op, status);
      if (!at) return { ok: false, where: 'response status', issues: [{ path: 'status', rule: 'status', message: `status ${status} is not documented` }] };
      for (const [name, header] of Object.entries<any>(at.response.headers ?? {})) {
        if (header.required && !headers?.has(name))
          return {
            ok: false,
            where: 'response headers',
            issues: [{ path: `headers["${name.toLowerCase()}"]`, rule: 'required', message: `headers["${name.toLowerCase()}"] is required` }],
          };
      }
      if (!at.schemaPointer) return { ok: true, data: body };
      const validate = ajv.getSchema(`urn:drift:spec#${at.schemaPointer}`)!;
      return validate(body) ? { ok: true, data: body } : { ok: false, where: 'response body', issues: formatErrors(validate.errors ?? [], '') };
    },
  };
}
