// The client's method signatures (generated/methods.ts): every operation as a method named by its operationId, with
// its argument and success type, and the two families' namespaces typed by those methods. Written as small maps and
// mapped types because every consumer's compiler parses them (see the note on renderMethods).

import { codeHeader } from './output.mjs';

/** @import { OperationModel } from '@laevitas-api/spec-model' */
/** @typedef {ReturnType<typeof import('./client-names.mjs').clientNamesOf>[number]} ClientName */

const HEADER = codeHeader();

/**
 * The methods, as two small maps and a mapped type over each. Per operation a map entry is its name and the summary
 * as JSDoc (`getOptionsOhlcvt: never`: the entry's type is not read), where a written-out method signature costs four
 * times the syntax: every consumer's compiler parses and binds all 281 of them, and that is editor latency
 * (`node tools/bench/typecheck.mjs`). The success body comes from the types package's `OperationResults`, which names
 * each schema, so a hover still reads `Promise<OptionsOhlcvtResponse>`; spelling the body here again cost 4 syntax
 * nodes per operation and an import of ~270 names. A homomorphic mapped type keeps each entry's JSDoc on the method,
 * and a call resolves one indexed access, no generic inference.
 * @param {readonly OperationModel[]} operations
 * @param {ClientName[]} names
 */
export function renderMethods(operations, names) {
  /** @type {string[]} */
  const withArgs = [];
  /** @type {string[]} */
  const withOptionalArgs = [];
  /** @type {string[]} */
  const bodies = [];
  /** @type {Map<string, string>} operationId → its JSDoc line */
  const summaries = new Map();
  /** @type {string[]} */
  const paginated = [];
  for (const op of operations) {
    if (op.extensions['x-pagination']) paginated.push(op.operationId);
    const id = op.operationId;
    const required = op.parameters.some((p) => p.in === 'path' || p.required) || Boolean(op.requestBody?.required);
    if (op.requestBody) bodies.push(`  ${id}: OperationParameters['${id}'] & { body${op.requestBody.required ? '' : '?'}: OperationRequestBodies['${id}'] };`);
    // The legacy catalog's own name stays findable from an editor after the operationId rename (issue 18).
    const catalogName = op.extensions['x-catalog-method-name'];
    const catalog = typeof catalogName === 'string' ? ` Catalog name: \`${catalogName}\`.` : '';
    const doc = `/** ${op.summary.replaceAll('*/', '*\\/')} (\`${op.method.toUpperCase()} ${op.path}\`)${catalog} */`;
    summaries.set(id, doc);
    (required ? withArgs : withOptionalArgs).push(`  ${doc}`, `  ${id}: never;`);
  }
  return `${HEADER}import type {
${['OperationId', 'OperationParameters', 'OperationRequestBodies', 'OperationResults'].map((a) => `  ${a},`).join('\n')}
} from '@laevitas-api/types/signatures';
import type { RequestOptions } from '../internal/request-options.js';

/** The operations that need an argument (a path parameter, a required query parameter or body), with their summaries. */
interface OperationsWithArgs {
${withArgs.join('\n')}
}

/** The operations whose argument may be left out, with their summaries. */
interface OperationsWithOptionalArgs {
${withOptionalArgs.join('\n')}
}

/** The argument of the operations that take a JSON body: their parameters and the body. */
interface BodyArgs {
${bodies.join('\n')}
}

/** The argument of an operation's method: its parameters (\`path\`, \`query\`, \`header\`) and, where it takes one, its \`body\`. */
export type ArgsOf<Op extends OperationId> = Op extends keyof BodyArgs ? BodyArgs[Op] : OperationParameters[Op];

/** The operations that need an argument, as methods. */
type MethodsWithArgs = {
  [Op in keyof OperationsWithArgs]: (params: ArgsOf<Op>, options?: RequestOptions) => Promise<OperationResults[Op]>;
};

/** The operations whose argument may be left out, as methods. */
type MethodsWithOptionalArgs = {
  [Op in keyof OperationsWithOptionalArgs]: (params?: ArgsOf<Op>, options?: RequestOptions) => Promise<OperationResults[Op]>;
};

/**
 * Every operation as a method named by its operationId. An interface extending both halves rather than their
 * intersection: a consumer's first call resolves the client's members, and collecting the properties of the
 * intersection of the two mapped types (194 and 89 keys) cost 15 M instructions more (valgrind, on the consumer
 * file of \`node tools/bench/typecheck.mjs\`).
 */
export interface OperationMethods extends MethodsWithArgs, MethodsWithOptionalArgs {}

/** Operations with \`x-pagination\`: the only ones \`client.paginate\` accepts. */
export type PaginatedOperationId =
${paginated.map((id) => `  | '${id}'`).join('\n')};

/** A namespace: each method typed as the operation its entry names (the mapped type keeps each entry's JSDoc). */
type Namespace<Names extends Record<keyof Names, keyof OperationMethods>> = { [M in keyof Names]: OperationMethods[Names[M]] };

${['v1', 'legacy'].map((family) => renderFamily(family, names, summaries)).join('\n\n')}
`;
}

/**
 * The namespaces of one family as an interface, each a map of method name to operationId under `Namespace`, which
 * types the method as the operation's: an entry is 4 syntax nodes where `method: OperationMethods['id']` was 7 (the
 * 283 entries were 2,000 of the syntax nodes every consumer's compiler parses and binds). Each map is an interface
 * of its own (`V1DealerGexNames`), not a type literal in the type argument: the declaration bundler prints a literal's
 * member comments at the end of the previous member's line, where a compiler no longer reads them as its docs, and
 * hovers in the built client showed none (packages/client/test/hover-docs.test.ts).
 * @param {string} family `v1` or `legacy`
 * @param {ClientName[]} names
 * @param {Map<string, string>} summaries
 */
function renderFamily(family, names, summaries) {
  /** @type {Map<string, ClientName[]>} */
  const byNamespace = new Map();
  for (const n of names.filter((n) => n.family === family)) {
    if (!byNamespace.has(n.namespace)) byNamespace.set(n.namespace, []);
    /** @type {ClientName[]} */ (byNamespace.get(n.namespace)).push(n);
  }
  const title = family === 'v1' ? 'V1' : 'Legacy';
  const mapName = (/** @type {string} */ namespace) => `${title}${namespace.charAt(0).toUpperCase()}${namespace.slice(1)}Names`;
  const maps = [...byNamespace].map(([namespace, members]) =>
    [
      `/** The methods of \`client.${family}.${namespace}\`, each by the operationId it calls. */`,
      `interface ${mapName(namespace)} {`,
      ...members.flatMap((n) => [`  ${summaries.get(n.operationId)}`, `  ${n.method}: '${n.operationId}';`]),
      '}',
    ].join('\n'),
  );
  const body = [...byNamespace.keys()].map((namespace) => `  readonly ${namespace}: Namespace<${mapName(namespace)}>;`);
  return `${maps.join('\n\n')}

/** \`client.${family}\`: the ${family === 'v1' ? 'versioned' : 'legacy'} family's operations by resource (namespace from the tag). */
export interface ${title}Namespaces {
${body.join('\n')}
}`;
}
