// The reference's build input: the bundled spec as a reader should see it. Each operation gets its code samples
// (`x-codeSamples`, which Redoc renders) and a block of what its extensions mean for a caller; contract-internal
// keys and citations are removed, and server descriptions lose their Markdown (Redoc shows them as plain text).
// It also writes every TypeScript sample into one module that the docs tests type-check against the packages.
import { HTTP_METHODS, operationsOf } from '@laevitas-api/spec-model';
import { codeSamplesOf, samplesCheckFile } from './docs-samples.mjs';
import { operationNotes, scrubText } from './docs-notes.mjs';
import { labelAlternatives } from './docs-alternatives.mjs';

/** @import { SpecDocument, SpecNode } from '@laevitas-api/spec-model' */

/** Extensions Redoc itself reads; every other `x-` key is contract data and stays out of the page. */
export const REDOC_EXTENSIONS = new Set(['codeSamples', 'tagGroups', 'traitTag', 'displayName', 'logo'].map((name) => `x-${name}`));
const RAW_VALUE_KEYS = new Set(['example', 'value', 'default', 'enum', 'const']);
const TEXT_KEYS = new Set(['description', 'summary', 'title']);
/** Objects whose keys are names (headers, properties, variables...), so an `x-` key there is a name, not an extension. */
const NAME_MAPS = new Set([
  'headers',
  'properties',
  'patternProperties',
  'variables',
  'schemas',
  'responses',
  'parameters',
  'securitySchemes',
  'mapping',
  'paths',
  'examples',
  'requestBodies',
  'links',
  'callbacks',
  'content',
  'dependentRequired',
  'dependentSchemas',
]);

export const DOCS_INPUT = 'packages/docs/generated/openapi.docs.json';
export const DOCS_SAMPLES = 'packages/docs/generated/samples.ts';

/** Every `x-` key the document uses (so the clean-up also catches a key added later). */
function extensionNamesOf(/** @type {SpecDocument} */ document) {
  /** @type {Set<string>} */
  const names = new Set();
  /** @param {unknown} node @param {string} [parentKey] */
  const walk = (node, parentKey) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-') && !NAME_MAPS.has(/** @type {string} */ (parentKey))) names.add(key);
      walk(value, key);
    }
  };
  walk(document);
  return [...names];
}

/**
 * A copy without contract-only extensions, with every reader-facing text cleaned.
 * @param {unknown} node
 * @param {string[]} extensionNames
 * @param {string} [key] the key the node sits under
 * @returns {any}
 */
function cleaned(node, extensionNames, key) {
  if (Array.isArray(node)) return node.map((item) => cleaned(item, extensionNames));
  if (node && typeof node === 'object') {
    /** @type {SpecNode} */
    const out = {};
    for (const [k, v] of Object.entries(node)) {
      if (k.startsWith('x-') && !REDOC_EXTENSIONS.has(k) && !NAME_MAPS.has(/** @type {string} */ (key))) continue;
      // Values the page shows as data (schema `examples` arrays, `example`, an Example Object's `value`): never rewritten.
      if (RAW_VALUE_KEYS.has(k) || (k === 'examples' && Array.isArray(v))) out[k] = v;
      else out[k] = cleaned(v, extensionNames, k);
    }
    return out;
  }
  if (typeof node === 'string' && TEXT_KEYS.has(/** @type {string} */ (key))) return scrubText(node, extensionNames);
  return node;
}

/** @param {SpecDocument} document */
export function buildDocsInput(document) {
  const extensionNames = extensionNamesOf(document);
  const operations = operationsOf(document);
  const docs = cleaned(document, extensionNames);
  labelAlternatives(docs.components?.schemas);
  labelAlternatives(docs.paths);
  for (const server of docs.servers ?? []) if (server.description) server.description = server.description.replaceAll('`', '');
  for (const op of operations) {
    const target = docs.paths[op.path][op.method];
    if (!target || !HTTP_METHODS.includes(op.method)) throw new Error(`codegen: docs input lost ${op.operationId}`);
    const notes = operationNotes(document, op);
    target.description = [target.description?.trim(), notes].filter(Boolean).join('\n\n');
    target['x-codeSamples'] = codeSamplesOf(document, op);
  }
  return { docs, operations };
}

/**
 * @param {SpecDocument} document
 * @param {import('./output.mjs').Output} output
 */
export function generateDocsInput(document, output) {
  const { docs, operations } = buildDocsInput(document);
  output.own('packages/docs/generated');
  output.add(DOCS_INPUT, JSON.stringify(docs, null, 1));
  output.add(DOCS_SAMPLES, samplesCheckFile(document, operations));
}
