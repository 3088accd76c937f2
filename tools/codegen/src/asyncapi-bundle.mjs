// Bundles the multi-file AsyncAPI document (spec/asyncapi.yaml + spec/asyncapi/*) into spec/dist/asyncapi.{yaml,json}.
// Redocly bundles AsyncAPI 3 too, but it copies every channel and message an operation points at into the operation
// (`#/channels/x` refs become inline objects), which AsyncAPI 3 forbids: an operation's channel must be a reference.
// The layout rule is simple enough to do here: a file under asyncapi/<kind>/ is one component named after the file,
// channel files are inlined where the root lists them, and refs inside the document (`#/…`) are left alone.
import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import YAML from 'yaml';

/** @import { SpecNode } from '@laevitas-api/spec-model' */

export const ASYNCAPI_SOURCE = 'spec/asyncapi.yaml';
export const ASYNCAPI_FILES = { yaml: 'spec/dist/asyncapi.yaml', json: 'spec/dist/asyncapi.json' };

/** Folder of spec/asyncapi/ → where its files go in the bundle (`inline`: copied where referenced). */
/** @type {Record<string, 'schemas' | 'messages' | 'parameters' | 'inline'>} */
const KINDS = { schemas: 'schemas', messages: 'messages', parameters: 'parameters', channels: 'inline', security: 'inline' };

/** @param {string} root workspace root @returns {{files: Record<string,string>, document: SpecNode}} */
export function bundleAsyncApi(root) {
  /** @type {Record<'messages' | 'schemas' | 'parameters', Record<string, unknown>>} */
  const components = { messages: {}, schemas: {}, parameters: {} };
  /** @type {Map<string, string>} */
  const origin = new Map(); // component key → file, so two files with one name are an error, not a silent overwrite
  /** @type {(file: string) => any} */
  const load = (file) => YAML.parse(readFileSync(file, 'utf8'));

  /**
   * The node with every cross-file $ref replaced: by the file's content (inline kinds) or a component reference.
   * @param {unknown} node
   * @param {string} file the file the node was read from
   * @returns {any}
   */
  const resolve = (node, file) => {
    if (Array.isArray(node)) return node.map((item) => resolve(item, file));
    if (!node || typeof node !== 'object') return node;
    const ref = /** @type {{$ref?: unknown}} */ (node).$ref;
    if (typeof ref === 'string' && !ref.startsWith('#')) {
      if (Object.keys(node).length > 1) throw new Error(`asyncapi bundle: ${relative(root, file)}: a $ref with siblings (${ref})`);
      const target = join(dirname(file), ref);
      const kind = KINDS[basename(dirname(target))];
      if (!kind) throw new Error(`asyncapi bundle: ${relative(root, file)}: ${ref} is not under spec/asyncapi/{${Object.keys(KINDS)}}`);
      if (kind === 'inline') return resolve(load(target), target);
      const name = basename(target).replace(/\.ya?ml$/, '');
      const key = `${kind}/${name}`;
      if (origin.has(key) && origin.get(key) !== target) throw new Error(`asyncapi bundle: two files define ${key}`);
      if (!origin.has(key)) {
        origin.set(key, target);
        components[kind][name] = null; // reserved first: a file that refers to itself must not recurse forever
        components[kind][name] = resolve(load(target), target);
      }
      return { $ref: `#/components/${kind}/${name}` };
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value, file)]));
  };

  const source = join(root, ASYNCAPI_SOURCE);
  const document = resolve(load(source), source);
  const sorted = (/** @type {Record<string, unknown>} */ map) =>
    Object.fromEntries(
      Object.keys(map)
        .sort()
        .map((name) => [name, map[name]]),
    );
  document.components = {
    ...document.components,
    ...Object.fromEntries(Object.entries(components).map(([kind, map]) => [kind, sorted(map)])),
  };
  return {
    document,
    files: {
      [ASYNCAPI_FILES.yaml]: YAML.stringify(document, { lineWidth: 0 }),
      [ASYNCAPI_FILES.json]: JSON.stringify(document, null, 2),
    },
  };
}
