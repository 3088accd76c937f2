// Generates API.md, the per-operation index (as openai-node's api.md): for every operationId, where each part built
// from it lives, so finding one operation's spec file, types, validator, client method, docs page and MSW handler is
// one search instead of reading five generators. Every entry is read from the model the generator of that part
// uses (the spec model, the client's names, the validators' module paths, the docs site's anchors, the testing kit's
// keys), so the index cannot name something the build does not produce; `check` keeps it fresh like every
// generated file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { clientNamesOf } from './client-names.mjs';
import { validatorModuleOf } from './validators.mjs';
import { testingKeysOf } from './testing.mjs';
import { operationHref } from '../../../packages/docs/scripts/site-pages.mjs';
import { generatedNotice } from './output.mjs';

export const API_INDEX = 'API.md';
const SOURCE = 'spec/openapi.yaml';
const FAMILY_TITLE = {
  v1: 'Versioned family (`/api/v1/…`, `{v2_base_url}`)',
  legacy: 'Legacy family (`/analytics/…`, `/historical/…`, `/pricer/…`, `{base_url}`)',
};
/** Where `pnpm start` serves the reference (packages/docs/scripts/serve.mjs, default port). */
const DOCS_ORIGIN = 'http://localhost:8080';
const FAMILY_ORDER = /** @type {const} */ (['v1', 'legacy']);

/**
 * The spec file of each path, from the `$ref`s of the hand-authored root document (the bundle no longer knows them).
 * @param {string} root
 * @returns {Map<string, string>} path → `spec/paths/…` file, relative to the repository root
 */
export function specFilesOf(root) {
  const source = YAML.parse(readFileSync(join(root, SOURCE), 'utf8'));
  /** @type {Map<string, string>} */
  const files = new Map();
  for (const [path, item] of Object.entries(source.paths ?? {})) {
    const ref = /** @type {{ $ref?: unknown }} */ (item).$ref;
    if (typeof ref !== 'string' || ref.includes('#')) throw new Error(`codegen: ${SOURCE} path ${path} is not a $ref to a file of its own`);
    files.set(path, join('spec', ref).replaceAll('\\', '/'));
  }
  return files;
}

/**
 * The component schema a JSON body is declared with, which @laevitas-api/types exports under the same name.
 * @param {any} schema the body's schema as the model holds it (`$ref` kept)
 * @returns {string | undefined}
 */
function schemaNameOf(schema) {
  const ref = schema?.$ref;
  return typeof ref === 'string' && ref.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;
}

/**
 * One entry per operation: every part's name and file, as the generators of those parts produce them.
 * @param {Pick<import('./model.mjs').CodegenModel, 'document' | 'operations'>} model the bundle and its operations
 * @param {Map<string, string>} specFiles from specFilesOf
 */
export function apiIndexEntries(model, specFiles) {
  const { operations } = model;
  const names = new Map(clientNamesOf(operations).map((n) => [n.operationId, n]));
  const testing = testingKeysOf(model);
  const mswKeys = new Set(testing.operationIds);
  return operations.map((op) => {
    const name = names.get(op.operationId);
    const specFile = specFiles.get(op.path);
    const tag = op.tags[0];
    if (!name || !specFile || !tag || !mswKeys.has(op.operationId)) throw new Error(`codegen: the API index cannot place every part of ${op.operationId}`);
    const successes = op.responses.filter((r) => r.status >= 200 && r.status < 300);
    const results = successes.map((r) => ({ status: String(r.status), schema: schemaNameOf(r.schema) }));
    const body = schemaNameOf(op.requestBody?.schema);
    return {
      op,
      specFile,
      results,
      body,
      client: `client.${name.family}.${name.namespace}.${name.method}`,
      namespace: `${name.family}.${name.namespace}`,
      validator: validatorModuleOf(op.operationId),
      docs: operationHref(tag, op.operationId),
      msw: { override: `http.${op.operationId}`, host: testing.hosts[op.family] },
    };
  });
}

/** @param {ReturnType<typeof apiIndexEntries>[number]} entry */
function entryMarkdown({ op, specFile, results, body, client, validator, docs, msw }) {
  const id = op.operationId;
  const typeList = [
    `\`OperationParameters['${id}']\``,
    ...(body ? [`\`RequestBody<'${id}'>\` = \`${body}\``] : []),
    `\`ResponseBody<'${id}'>\` = ${results.map((r) => (r.schema ? `\`${r.schema}\` (${r.status})` : `no JSON body (${r.status})`)).join(', ')}`,
  ];
  const mswPath = op.path.replace(/\{([^}]+)\}/g, ':$1');
  return [
    `#### ${id}`,
    '',
    `- **Route:** \`${op.method.toUpperCase()} ${op.path}\`: ${op.summary.replaceAll('\n', ' ')}`,
    `- **Spec:** [\`${specFile}\`](${specFile}) (tag \`${op.tags[0]}\`)`,
    `- **Types** (\`@laevitas-api/types\`): ${typeList.join(', ')}`,
    `- **Validator:** [\`${validator.specifier}\`](${validator.file})`,
    `- **Client:** \`${client}()\`, alias \`client.${id}()\` (core: \`${id}\` of \`@laevitas-api/client/operations\`)`,
    `- **Docs:** [\`${docs}\`](${DOCS_ORIGIN}${docs})`,
    `- **MSW** (\`@laevitas-api/testing\`): \`${msw.override}(resolver)\`; \`handlers\` answer \`${op.method.toUpperCase()} ${msw.host}${mswPath}\``,
    '',
  ].join('\n');
}

/** @param {ReturnType<typeof apiIndexEntries>} entries */
export function renderApiIndex(entries) {
  const parts = [
    `<!-- ${generatedNotice('spec/openapi.yaml', 'tools/codegen (api-index.mjs)')} -->`,
    '',
    '# API index: every operation and where its parts live',
    '',
    `${entries.length} operations, by family and client namespace. For each: its route, the spec file that holds it, its`,
    `types, its validator, its client method, its page on the reference site (links go to \`pnpm start\`'s ${DOCS_ORIGIN})`,
    'and its MSW handler; the mock of `pnpm start` answers every route on http://localhost:4010.',
    'Find one with `grep -A9 "#### <operationId>" API.md`.',
    '',
  ];
  for (const family of FAMILY_ORDER) {
    const ofFamily = entries.filter((e) => e.op.family === family);
    parts.push(`## ${FAMILY_TITLE[family]}`, '');
    const namespaces = [...new Set(ofFamily.map((e) => e.namespace))].sort();
    for (const namespace of namespaces) {
      const members = ofFamily.filter((e) => e.namespace === namespace).sort((a, b) => a.client.localeCompare(b.client));
      parts.push(`### \`client.${namespace}\``, '', members.map((e) => `[${e.op.operationId}](#${e.op.operationId.toLowerCase()})`).join(' · '), '');
      for (const entry of members) parts.push(entryMarkdown(entry));
    }
  }
  return parts.join('\n');
}

/**
 * @param {string} root
 * @param {import('./model.mjs').CodegenModel} model
 * @param {import('./output.mjs').Output} output
 */
export function generateApiIndex(root, model, output) {
  output.add(API_INDEX, renderApiIndex(apiIndexEntries(model, specFilesOf(root))));
}
