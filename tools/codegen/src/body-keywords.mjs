// The checks of the keywords that apply to one type (body-validators.mjs runs them inside that type's test, in ajv's
// rule order): number limits, string length, pattern and format, array counts, tuples and rows, and an object's
// required, additional and declared properties.
import { withSegment } from './body-code.mjs';
import { alwaysValid, member } from './validator-code.mjs';
import { fixedLengthCondition } from './pattern-matcher.mjs';
import { nonCapturingSource } from './regexp-test-source.mjs';

/**
 * What body-validators.mjs hands the keyword checks: the module being written and its two ways of checking a value.
 * @typedef {import('./body-code.mjs').PathPart} PathPart
 * @typedef {{ mode: 'errors' | 'boolean', inUnion: boolean, folded?: unknown, perItem: boolean }} CheckContext how a
 *   failure returns: an error from the runtime (`errors`) or `false` (a union's branch, whose errors ajv discards), the
 *   schema whose required list the function's caller checks on a failure (`folded`, see `foldsAtCaller`), and whether
 *   the checks run once per array item (a page's rows: there a pattern is tested in place)
 * @typedef {{
 *   code: import('./body-code.mjs').BodyCode,
 *   nested: (schema: any, data: string, path: PathPart[], ctx: CheckContext, name: string, row: boolean) => string[],
 * }} Compiler
 */

/** Where a schema sits, for generation errors (a star for an index or key). */
export const describe = (/** @type {PathPart[]} */ path) => `/${path.map((p) => (typeof p === 'string' ? p : '*')).join('/')}`;

/** The last property name on a path, to name a function after (`rows` for an array at /data/rows). */
export const lastName = (/** @type {PathPart[]} */ path) => {
  const name = path.findLast((part) => typeof part === 'string' && !/^[0-9]+$/.test(part));
  return typeof name === 'string' ? name : 'root';
};

/** The statement a failed check returns: its error (or false in a union's branch). */
export const failure = (/** @type {CheckContext} */ ctx, /** @type {() => string} */ error) => (ctx.mode === 'errors' ? `return ${error()};` : 'return false;');

/** The keywords an object schema whose required list is folded may have: none that can fail before its properties. */
const FOLDABLE = new Set(['type', 'properties', 'required', 'additionalProperties']);

/**
 * Whether the object schema at the root of a generated function needs no required test of its own: every required
 * property is declared with a type, so its own check already fails when it is missing, and nothing but the object's
 * type test can fail before its properties are checked. Then a valid row reads each property once, and a failure
 * leaves the function with its property's error; the caller then checks the required list (`at` in
 * runtime/checks.cjs, given the list) and, when a property is missing, reports that instead, as ajv's earlier
 * required check would have. One such check per call, where every failing property once repeated it.
 * @param {any} schema
 */
export function foldsAtCaller(schema) {
  const required = schema?.required;
  if (!Array.isArray(required) || required.length === 0 || !alwaysValid(schema.additionalProperties ?? true)) return false;
  if (!Object.keys(schema).every((key) => FOLDABLE.has(key))) return false;
  if (schema.type !== undefined && ![schema.type].flat().includes('object')) return false;
  return required.every((name) => schema.properties?.[name]?.type !== undefined && [schema.properties[name].type].flat().length > 0);
}

/**
 * One keyword's checks, `data` known to be of the keyword's type.
 * @param {Compiler} compiler @param {string} keyword @param {any} schema @param {string} data @param {PathPart[]} path
 * @param {CheckContext} ctx
 * @returns {string[]}
 */
export function keywordChecks({ code, nested }, keyword, schema, data, path, ctx) {
  const where = ctx.mode === 'errors' ? code.path(path) : '""';
  // The folded schema is the function's root only: what lies below it checks its own required lists.
  const below = ctx.folded === undefined ? ctx : { ...ctx, folded: undefined };
  const fail = (/** @type {() => string} */ error) => failure(ctx, error);
  const limit = schema[keyword];
  if (['minimum', 'maximum', 'minItems', 'maxItems', 'minLength'].includes(keyword) && typeof limit !== 'number')
    throw new Error(`codegen: ${keyword} (at ${describe(path)}) must be a number`);
  /** The checks of each row from index `from` on. @param {number} from */
  const rows = (from) => {
    const i = code.local('i');
    const item = code.local('item');
    return code.block(`for (let ${i} = ${from}; ${i} < ${data}.length; ${i}++)`, [
      `const ${item} = ${data}[${i}];`,
      ...nested(from ? schema.additionalItems : schema.items, item, withSegment(path, { index: i }), below, `${lastName(path)}Item`, true),
    ]);
  };
  switch (keyword) {
    case 'maximum':
      return [`if (!(${data} <= ${limit})) ${fail(() => `${code.use('numberLimit')}(${where}, "maximum", ${limit})`)}`];
    case 'minimum':
      return [`if (!(${data} >= ${limit})) ${fail(() => `${code.use('numberLimit')}(${where}, "minimum", ${limit})`)}`];
    case 'minLength': {
      // A limit of 0 or 1 holds for the same strings whether counted in UTF-16 units or code points (as ajv counts).
      const length = limit > 1 ? `${code.use('codePoints')}(${data})` : `${data}.length`;
      return [`if (${length} < ${limit}) ${fail(() => `${code.use('countLimit')}(${where}, "minLength", ${limit})`)}`];
    }
    case 'pattern': {
      // The error reports the pattern as the spec writes it (as ajv does). Once per array item, a pattern of one
      // length is tested in place as charCodeAt comparisons (pattern-matcher.mjs): a 1,000-row page validates 8-14%
      // faster so (pnpm bench), where a function of them (too large for V8 to inline) was no faster than the RegExp.
      // Elsewhere, and for any other pattern, the RegExp of its non-capturing twin, which is smaller.
      const source = code.constant(String(limit), JSON.stringify(String(limit)), 'source');
      const inPlace = ctx.perItem ? fixedLengthCondition(String(limit), data) : undefined;
      const testSource = nonCapturingSource(String(limit));
      const test = inPlace
        ? `(${inPlace})`
        : `${code.constant(String(limit), `new RegExp(${testSource === String(limit) ? source : JSON.stringify(testSource)})`, 'pattern')}.test(${data})`;
      return [`if (!${test}) ${fail(() => `${code.use('patternError')}(${where}, ${source})`)}`];
    }
    case 'format':
      return [`if (!${code.format(String(limit))}(${data})) ${fail(() => `${code.use('formatError')}(${where}, ${JSON.stringify(limit)})`)}`];
    case 'maxItems':
      return [`if (${data}.length > ${limit}) ${fail(() => `${code.use('countLimit')}(${where}, "maxItems", ${limit})`)}`];
    case 'minItems':
      return [`if (${data}.length < ${limit}) ${fail(() => `${code.use('countLimit')}(${where}, "minItems", ${limit})`)}`];
    case 'additionalItems': {
      // Only beside a tuple (`items` as a list): ajv ignores it otherwise.
      if (!Array.isArray(schema.items) || alwaysValid(limit)) return [];
      const count = schema.items.length;
      if (limit === false) return [`if (${data}.length > ${count}) ${fail(() => `${code.use('extraItems')}(${where}, ${count})`)}`];
      return rows(count);
    }
    case 'items': {
      if (!Array.isArray(limit)) return alwaysValid(limit) ? [] : rows(0);
      return limit.flatMap((sub, index) => {
        if (alwaysValid(sub)) return [];
        const item = code.local('item');
        return code.block(`if (${data}.length > ${index})`, [
          `const ${item} = ${data}[${index}];`,
          ...nested(sub, item, withSegment(path, String(index)), below, `${lastName(path)}Item${index}`, false),
        ]);
      });
    }
    case 'required': {
      if (!Array.isArray(limit) || limit.length === 0 || (ctx.folded === schema && foldsAtCaller(schema))) return [];
      const test = limit.map((name) => `${member(data, name)} === void 0`).join(' || ');
      return [`if (${test}) ${fail(() => `${code.use('requiredFirst')}(${data}, ${where}, ${code.constant(limit)})`)}`];
    }
    case 'additionalProperties': {
      if (alwaysValid(limit)) return [];
      const known = Object.keys(schema.properties ?? {});
      const key = code.local('key');
      // ajv's own test: a chain of comparisons up to eight names, an own-property lookup beyond.
      const additional =
        known.length > 8
          ? `!${code.constant(known, `new Set(${JSON.stringify(known)})`)}.has(${key})`
          : known.map((name) => `${key} !== ${JSON.stringify(name)}`).join(' && ') || 'true';
      if (limit === false)
        return code.block(`for (const ${key} in ${data})`, [`if (${additional}) ${fail(() => `${code.use('extraProperty')}(${where}, ${key})`)}`]);
      const value = code.local('value');
      return code.block(`for (const ${key} in ${data})`, [
        ...code.block(`if (${additional})`, [
          `const ${value} = ${data}[${key}];`,
          ...nested(limit, value, withSegment(path, { key }), below, `${lastName(path)}Value`, false),
        ]),
      ]);
    }
    case 'properties': {
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      return Object.entries(limit ?? {}).flatMap(([name, sub]) => {
        if (alwaysValid(sub)) return [];
        const value = code.local('value');
        const checks = nested(sub, value, withSegment(path, name), below, name, false);
        // A required property is present here (ajv's required check ran before this one), or, folded, its checks fail.
        const guarded = required.has(name) ? checks : code.block(`if (${value} !== void 0)`, checks);
        return code.block('', [`const ${value} = ${member(data, name)};`, ...guarded]);
      });
    }
    default:
      return [];
  }
}
