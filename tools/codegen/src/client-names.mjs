// Names of the client's resource namespaces and their methods, derived from the spec so they follow it when
// operations are added or renamed: `client.v1.options.ohlcvt(…)`, `client.legacy.derivs.futures(…)`.
//
//   namespace: the operation's first tag in camelCase, the "Legacy " prefix of legacy tags dropped
//              ("Legacy historical futures" → historicalFutures, "Dealer GEX" → dealerGex).
//   method, versioned family: the route below the directory its tag's routes share, in camelCase, path parameters
//              as `by` + name (GET /api/v1/options/trades/summary in Options → tradesSummary). Routes, not
//              operationIds: the versioned operationIds are verb + route, so the route is their stable part.
//   method, legacy family: the catalog method name (`x-catalog-method-name`, else the operationId with any
//              `getLegacy` prefix dropped), a leading `get` dropped, in camelCase (summary_c → summaryC,
//              getFuturesSnapshot → futuresSnapshot). Legacy routes repeat (two `/analytics/derivs/futures/…`), the
//              catalog names that users of the official CLI know do not.
//   both:      the namespace's own words dropped from the front of the method (Instruments: GET /api/v1/instruments/
//              detail → detail; Legacy historical derivs: getHistoricalDerivsSnapshot → snapshot), and a method left
//              without a name is named by its verb (Health: GET /api/v1/health → get, HEAD → head).
// Two operations that still get one name in a namespace are told apart by the verb of the one that is not a GET;
// anything left colliding fails the generation, never resolved by silent renaming.

/** @import { OperationModel } from '@laevitas-api/spec-model' */
/** What naming reads of an operation. @typedef {Pick<OperationModel, 'operationId' | 'method' | 'path' | 'family' | 'tags' | 'extensions'>} NamedOperation */

/**
 * Words of an identifier, tag or route segment: camelCase, snake_case, kebab-case and spaces all split.
 * @param {string} text
 * @returns {string[]}
 */
export function wordsOf(text) {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

export const camel = (/** @type {string[]} */ words) =>
  words.map((w, i) => (i === 0 ? w : /** @type {string} words are not empty */ (w[0]).toUpperCase() + w.slice(1))).join('');

/** @param {Pick<OperationModel, 'operationId' | 'family' | 'tags'>} op */
export function namespaceOf(op) {
  const tag = op.tags[0];
  if (!tag) throw new Error(`codegen: ${op.operationId} has no tag, so it has no client namespace`);
  const words = wordsOf(tag);
  if (op.family === 'legacy' && words[0] === 'legacy' && words.length > 1) words.shift();
  return camel(words);
}

/** @param {NamedOperation} op */
function legacyMethodName(op) {
  const catalog = op.extensions['x-catalog-method-name'] ?? op.operationId.replace(/^getLegacy(?=[A-Z])/, '');
  const words = wordsOf(catalog);
  if (words[0] === 'get' && words.length > 1) words.shift();
  return words;
}

/** Path segments; a `{param}` becomes `by` + param. */
const segmentsOf = (/** @type {string} */ path) => path.split('/').filter(Boolean);
const segmentWords = (/** @type {string} */ segment) => {
  const param = /^\{(.+)\}$/.exec(segment);
  return param ? ['by', ...wordsOf(/** @type {string} the group always takes part */ (param[1]))] : wordsOf(segment);
};

/**
 * How many leading directory segments every path shares.
 * @param {string[]} paths
 */
function commonDirectory(paths) {
  const dirs = paths.map((p) => segmentsOf(p).slice(0, -1));
  const [head = []] = dirs;
  const shared = [];
  for (let i = 0; dirs.every((d) => i < d.length && d[i] === head[i]); i++) shared.push(head[i]);
  return shared.length;
}

/** @param {NamedOperation} op @param {number} sharedSegments */
function v1MethodName(op, sharedSegments) {
  return segmentsOf(op.path).slice(sharedSegments).flatMap(segmentWords);
}

/** @param {NamedOperation} op @param {string[]} words @param {string[]} namespaceWords */
function withoutNamespace(op, words, namespaceWords) {
  let n = 0;
  while (n < namespaceWords.length && words[n] === namespaceWords[n]) n++;
  // Only a whole namespace prefix is dropped ("instruments detail" → detail, not "credit token" of "credit tokens").
  const rest = n === namespaceWords.length ? words.slice(n) : words;
  return rest.length ? rest : [op.method];
}

/**
 * @param {NamedOperation[]} operations
 * @returns {{family: 'legacy'|'v1', namespace: string, method: string, operationId: string}[]}
 */
export function clientNamesOf(operations) {
  /** @type {Map<string, NamedOperation[]>} family.namespace → its operations */
  const groups = new Map();
  for (const op of operations) {
    const key = `${op.family}.${namespaceOf(op)}`;
    if (!groups.has(key)) groups.set(key, []);
    /** @type {NamedOperation[]} */ (groups.get(key)).push(op);
  }
  /** @type {{family: 'legacy'|'v1', namespace: string, method: string, operationId: string}[]} */
  const names = [];
  for (const [key, ops] of groups) {
    const [family, namespace] = /** @type {['legacy'|'v1', string]} */ (key.split('.'));
    const shared = commonDirectory(ops.map((op) => op.path));
    const named = ops.map((op) => ({
      op,
      words: withoutNamespace(op, family === 'legacy' ? legacyMethodName(op) : v1MethodName(op, shared), wordsOf(namespace)),
    }));
    const count = (/** @type {string} */ name) => named.filter((n) => camel(n.words) === name).length;
    for (const { op, words } of named) {
      const first = camel(words);
      const method = count(first) > 1 && op.method !== 'get' ? camel([op.method, ...words]) : first;
      names.push({ family, namespace, method, operationId: op.operationId });
    }
  }
  /** @type {Map<string, string>} */
  const seen = new Map();
  for (const n of names) {
    const at = `${n.family}.${n.namespace}.${n.method}`;
    if (seen.has(at))
      throw new Error(`codegen: client.${at} would name both ${seen.get(at)} and ${n.operationId}; give one of them another tag, route or catalog name`);
    if (!/^[A-Za-z_$][\w$]*$/.test(n.method) || !/^[A-Za-z_$][\w$]*$/.test(n.namespace))
      throw new Error(`codegen: client.${at} (${n.operationId}) is not an identifier`);
    seen.set(at, n.operationId);
  }
  return names.sort((a, b) => `${a.family}.${a.namespace}.${a.method}`.localeCompare(`${b.family}.${b.namespace}.${b.method}`));
}
