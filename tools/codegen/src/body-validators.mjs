// Compiles the body validators (responses, request bodies, decoded headers) from the prepared schemas
// (validator-schemas.mjs) into compact inline JavaScript, where ajv's standalone code carried a schemaPath string and
// an error object literal at every check and `if (errors === _errs)` scaffolding around them (5.6x a hand-written
// validator, pnpm bench). Semantics are ajv draft-07's with allErrors:false and strictNumbers:false, keyword for keyword:
// the first failure ajv reports is the one reported here, with ajv's keyword, instance path and params, so
// runtime/format.cjs words it alike (test/body-validators.test.ts compares both on generated values). The checks run
// in ajv's order (lib/compile/validate/index.ts, the RULES groups of lib/compile/rules.ts as the draft-07 vocabularies
// fill them): the type first unless one type owns the schema's keywords, then $ref, const, enum, not, anyOf, oneOf,
// allOf; then number (maximum, minimum), string (minLength, pattern, format), array (maxItems, minItems,
// additionalItems, items) and object (required, additionalProperties, properties) keywords, each group for its type.
// Only the failure path calls the runtime (runtime/body-checks.cjs); instance paths are built there, never per row.
import { BodyCode, withSegment } from './body-code.mjs';

/** The keywords this generator compiles; any other in a body schema fails generation, so none goes unchecked. */
const KEYWORDS = new Set([
  ...['type', 'properties', 'required', 'items', 'additionalItems', 'additionalProperties', 'allOf', 'anyOf', 'oneOf', 'not'],
  ...['const', 'enum', '$ref', 'minimum', 'maximum', 'pattern', 'format', 'minItems', 'maxItems', 'minLength'],
]);
/** Each type's keyword group, in ajv's rule order within the group. */
const GROUPS = {
  number: ['maximum', 'minimum'],
  string: ['minLength', 'pattern', 'format'],
  array: ['maxItems', 'minItems', 'additionalItems', 'items'],
  object: ['required', 'additionalProperties', 'properties'],
};
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A schema whose every value is valid (ajv's alwaysValidSchema, given annotations are already dropped). */
export const alwaysValid = (/** @type {unknown} */ schema) =>
  schema === true || (!!schema && typeof schema === 'object' && !Array.isArray(schema) && Object.keys(schema).length === 0);

/** Where a schema sits, for generation errors (a star for an index or key). */
const describe = (/** @type {import('./body-code.mjs').PathPart[]} */ path) => `/${path.map((p) => (typeof p === 'string' ? p : '*')).join('/')}`;

/** `data.name`, or `data["a-b"]` for a name that is not an identifier. */
const member = (/** @type {string} */ data, /** @type {string} */ name) => (IDENTIFIER.test(name) ? `${data}.${name}` : `${data}[${JSON.stringify(name)}]`);

/** The test that `data` is of one of `types` (ajv's checkDataTypes with strictNumbers off). */
function typeTest(/** @type {BodyCode} */ code, /** @type {string[]} */ types, /** @type {string} */ data) {
  const tests = types
    .filter((type) => !(type === 'integer' && types.includes('number')))
    .map((type) => {
      if (type === 'null') return `${data} === null`;
      if (type === 'array') return `Array.isArray(${data})`;
      if (type === 'object') return `${code.use('isObject')}(${data})`;
      if (type === 'integer') return `(typeof ${data} == "number" && !(${data} % 1) && !isNaN(${data}))`;
      if (['number', 'string', 'boolean'].includes(type)) return `typeof ${data} == "${type}"`;
      throw new Error(`codegen: unknown type ${JSON.stringify(type)} in a body schema`);
    });
  return tests.length > 1 ? tests.join(' || ') : /** @type {string} */ (tests[0]);
}

/**
 * Compiles the body validators of one generated module.
 * @param {{ name: string, schema: unknown }[]} validators export name and prepared schema of each
 * @param {Record<string, unknown>} components the spec's component schemas, for a $ref rewriteRefs left in place (a recursion)
 * @param {(schema: unknown, name: string) => unknown} prepareComponent the prepared schema of a component a $ref names
 * @returns {string} the module's code: its requires, constants, functions and `exports.<name> = validator(...)`
 */
export function bodyValidatorsCode(validators, components, prepareComponent) {
  const code = new BodyCode();
  /** @type {Map<string, string>} component name → function name */
  const componentFunctions = new Map();

  /**
   * The statements that check `data` (an expression without side effects) against `schema`, each returning the
   * failure: an error from the runtime (`mode` 'errors') or `false` (a union's branch, whose errors ajv discards).
   * @param {any} schema @param {string} data @param {import('./body-code.mjs').PathPart[]} path
   * @param {'errors' | 'boolean'} mode @param {boolean} inUnion within an anyOf/oneOf branch
   * @returns {string[]}
   */
  function checks(schema, data, path, mode, inUnion) {
    if (alwaysValid(schema)) return [];
    if (!schema || typeof schema !== 'object' || Array.isArray(schema))
      throw new Error(`codegen: body schema ${JSON.stringify(schema)} is not a schema object (only true, {} and objects are compiled)`);
    const unknown = Object.keys(schema).filter((key) => !KEYWORDS.has(key));
    if (unknown.length) throw new Error(`codegen: body validators do not compile the keyword ${unknown.join(', ')} (schema at ${code.path(path)})`);
    const where = mode === 'errors' ? code.path(path) : '""';
    const fail = (/** @type {() => string} */ call) => (mode === 'errors' ? `return ${call()};` : 'return false;');
    const types = schema.type === undefined ? [] : [schema.type].flat();
    const groupUsed = (/** @type {string} */ type) => type in GROUPS && GROUPS[/** @type {keyof GROUPS} */ (type)].some((k) => k in schema);
    const typeParam = () => (Array.isArray(schema.type) ? code.constant(schema.type) : JSON.stringify(schema.type));
    /** @type {string[]} */
    const out = [];
    // ajv checks the type up front unless the schema has one type whose group has keywords: then in that group.
    const typeFirst = types.length > 0 && !(types.length === 1 && groupUsed(types[0]));
    if (typeFirst) out.push(`if (!(${typeTest(code, types, data)})) ${fail(() => `${code.use('typeError')}(${where}, ${typeParam()})`)}`);

    if (schema.$ref !== undefined) {
      if (inUnion) throw new Error(`codegen: a recursive $ref under anyOf/oneOf (at ${describe(path)}) is not compiled: ajv would report its branch errors`);
      const name = String(schema.$ref).split('/').pop() ?? '';
      if (!(name in components)) throw new Error(`codegen: unresolved $ref ${schema.$ref}`);
      let fn = componentFunctions.get(name);
      if (!fn) {
        fn = code.name(`component_${name}`);
        componentFunctions.set(name, fn);
        code.fn(fn, checks(prepareComponent(components[name], name), 'd', [], 'errors', false));
      }
      out.push(`if (!${fn}(${data})) ${mode === 'errors' && path.length ? `return ${code.use('at')}(${where});` : 'return false;'}`);
    }
    if (schema.const !== undefined) {
      if (schema.const !== null && typeof schema.const === 'object')
        throw new Error(`codegen: const with an object value (at ${describe(path)}) is not compiled`);
      const value = JSON.stringify(schema.const);
      out.push(`if (${data} !== ${value}) ${fail(() => `${code.use('constError')}(${where}, ${value})`)}`);
    }
    if (schema.enum !== undefined) {
      if (!Array.isArray(schema.enum) || schema.enum.some((/** @type {unknown} */ v) => v !== null && typeof v === 'object'))
        throw new Error(`codegen: enum (at ${describe(path)}) must be a list of scalars to be compiled`);
      const values = code.constant(schema.enum);
      out.push(`if (!${values}.includes(${data})) ${fail(() => `${code.use('enumError')}(${where}, ${values})`)}`);
    }
    const branch = (/** @type {unknown} */ sub, /** @type {boolean} */ union) =>
      `${code.branch(sub, union, () => checks(sub, 'd', [], 'boolean', union))}(${data})`;
    if (schema.not !== undefined) out.push(`if (${branch(schema.not, inUnion)}) ${fail(() => `${code.use('notError')}(${where})`)}`);
    if (schema.anyOf !== undefined)
      out.push(
        `if (!(${schema.anyOf.map((/** @type {unknown} */ s) => branch(s, true)).join(' || ')})) ${fail(() => `${code.use('unionError')}(${where}, "anyOf")`)}`,
      );
    if (schema.oneOf !== undefined)
      out.push(
        `if (${schema.oneOf.map((/** @type {unknown} */ s) => branch(s, true)).join(' + ')} !== 1) ${fail(() => `${code.use('unionError')}(${where}, "oneOf")`)}`,
      );
    for (const sub of schema.allOf ?? []) out.push(...checks(sub, data, path, mode, inUnion));

    for (const [group, keywords] of Object.entries(GROUPS)) {
      if (!keywords.some((k) => k in schema)) continue;
      /** @type {string[]} */
      const body = [];
      for (const keyword of keywords) if (keyword in schema) body.push(...keywordChecks(keyword, schema, data, path, mode, inUnion));
      const covered = types.every((t) => t === group || (group === 'number' && t === 'integer'));
      if (!typeFirst && types.length === 1 && types[0] === group)
        out.push(`if (!(${typeTest(code, [group], data)})) ${fail(() => `${code.use('typeError')}(${where}, ${typeParam()})`)}`, ...body);
      else if (typeFirst && covered) out.push(...body);
      else if (body.length) out.push(...code.block(`if (${typeTest(code, [group], data)})`, body));
    }
    return out;
  }

  /**
   * One keyword's checks, `data` known to be of the keyword's type.
   * @param {string} keyword @param {any} schema @param {string} data @param {import('./body-code.mjs').PathPart[]} path
   * @param {'errors' | 'boolean'} mode @param {boolean} inUnion
   * @returns {string[]}
   */
  function keywordChecks(keyword, schema, data, path, mode, inUnion) {
    const where = mode === 'errors' ? code.path(path) : '""';
    const fail = (/** @type {() => string} */ call) => (mode === 'errors' ? `return ${call()};` : 'return false;');
    const limit = schema[keyword];
    if (['minimum', 'maximum', 'minItems', 'maxItems', 'minLength'].includes(keyword) && typeof limit !== 'number')
      throw new Error(`codegen: ${keyword} (at ${describe(path)}) must be a number`);
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
        const pattern = code.constant(String(limit), `new RegExp(${JSON.stringify(String(limit))})`);
        return [`if (!${pattern}.test(${data})) ${fail(() => `${code.use('patternError')}(${where}, ${JSON.stringify(limit)})`)}`];
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
        const i = code.local('i');
        const item = code.local('item');
        return code.block(`for (let ${i} = ${count}; ${i} < ${data}.length; ${i}++)`, [
          `const ${item} = ${data}[${i}];`,
          ...checks(limit, item, withSegment(path, { index: i }), mode, inUnion),
        ]);
      }
      case 'items': {
        if (Array.isArray(limit))
          return limit.flatMap((sub, index) => {
            if (alwaysValid(sub)) return [];
            const item = code.local('item');
            return code.block(`if (${data}.length > ${index})`, [
              `const ${item} = ${data}[${index}];`,
              ...checks(sub, item, withSegment(path, String(index)), mode, inUnion),
            ]);
          });
        if (alwaysValid(limit)) return [];
        const i = code.local('i');
        const item = code.local('item');
        return code.block(`for (let ${i} = 0; ${i} < ${data}.length; ${i}++)`, [
          `const ${item} = ${data}[${i}];`,
          ...checks(limit, item, withSegment(path, { index: i }), mode, inUnion),
        ]);
      }
      case 'required': {
        if (!Array.isArray(limit) || limit.length === 0) return [];
        const test = limit.map((name) => `${member(data, name)} === void 0`).join(' || ');
        return [`if (${test}) ${fail(() => `${code.use('missing')}(${data}, ${where}, ${code.constant(limit)})`)}`];
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
          ...code.block(`if (${additional})`, [`const ${value} = ${data}[${key}];`, ...checks(limit, value, withSegment(path, { key }), mode, inUnion)]),
        ]);
      }
      case 'properties': {
        const required = new Set(Array.isArray(schema.required) ? schema.required : []);
        return Object.entries(limit ?? {}).flatMap(([name, sub]) => {
          if (alwaysValid(sub)) return [];
          const value = code.local('value');
          const inner = checks(sub, value, withSegment(path, name), mode, inUnion);
          // A required property is known to be present here: ajv's required check ran before this one.
          const guarded = required.has(name) ? inner : code.block(`if (${value} !== void 0)`, inner);
          return code.block('', [`const ${value} = ${member(data, name)};`, ...guarded]);
        });
      }
      default:
        return [];
    }
  }

  for (const { name, schema } of validators) {
    const fn = code.name(name);
    code.fn(fn, checks(schema, 'd', [], 'errors', false));
    code.export(name, fn);
  }
  return code.render();
}
