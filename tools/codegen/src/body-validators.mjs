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
// A union reports only its own error: ajv's branch errors sit under the union's schemaPath, which runtime/format.cjs
// drops, so the generated code carries no schemaPath. Only the failure path calls the runtime (runtime/checks.cjs)
// and builds an instance path; a valid row builds none.
import { BodyCode } from './body-code.mjs';
import { describe, failure, foldsAtCaller, keywordChecks } from './body-keywords.mjs';
import { alwaysValid } from './validator-code.mjs';

export { alwaysValid } from './validator-code.mjs';

/** @typedef {import('./body-keywords.mjs').CheckContext} CheckContext @typedef {import('./body-code.mjs').PathPart} PathPart */
/** @typedef {{ fn: string, list: string | undefined }} Fn a generated function, and the required list its callers check */

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
/** @type {CheckContext} a validator's own checks, reporting errors */
const TOP = { mode: 'errors', inUnion: false, perItem: false };

/** Counts every object schema (one with properties) under `schema`, by its JSON text. */
function countObjects(/** @type {unknown} */ schema, /** @type {Map<string, number>} */ counts) {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) return schema.forEach((sub) => countObjects(sub, counts));
  const node = /** @type {Record<string, any>} */ (schema);
  if (node.properties) counts.set(JSON.stringify(node), (counts.get(JSON.stringify(node)) ?? 0) + 1);
  for (const key of ['items', 'additionalItems', 'additionalProperties', 'not', 'allOf', 'anyOf', 'oneOf']) countObjects(node[key], counts);
  for (const sub of Object.values(node.properties ?? {})) countObjects(sub, counts);
}

/** The test that `data` is of one of `types` (ajv's checkDataTypes with strictNumbers off). */
function typeTest(/** @type {BodyCode} */ code, /** @type {string[]} */ types, /** @type {string} */ data) {
  const tests = types
    .filter((type) => !(type === 'integer' && types.includes('number')))
    .map((type) => {
      if (type === 'null') return `${data} === null`;
      if (type === 'array') return `Array.isArray(${data})`;
      // Inline, not a shared helper: a row's object test is on the hot path, and each site keeps its own type feedback.
      if (type === 'object') return `typeof ${data} == "object" && ${data} !== null && !Array.isArray(${data})`;
      if (type === 'integer') return `${code.use('isInteger')}(${data})`;
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
 * @param {import('./module-form.mjs').ModuleForm} form the module's form: it takes the imports, and says how to export
 * @returns {string} the module's code: its constants, functions and exports (`<target>.<name> = validator(...)`)
 */
export function bodyValidatorsCode(validators, components, prepareComponent, form) {
  const code = new BodyCode(
    form,
    validators.map(({ name }) => name),
  );
  /** @type {Map<string, Fn>} component name → its function */
  const componentFunctions = new Map();
  /** @type {Map<string, number>} how often each object schema (one with properties) occurs in the module */
  const occurrences = new Map();
  for (const { schema } of validators) countObjects(schema, occurrences);
  /** @type {Map<string, Fn>} object schema → the function that checks it */
  const objectFunctions = new Map();
  const compiler = { code, nested };

  /**
   * A function checking `schema` from its root, and the required list its callers check when it fails (when the
   * function folds it: foldsAtCaller).
   * @param {string} name @param {unknown} schema @param {CheckContext} ctx
   * @param {(fn: Fn) => void} [remember] keeps the function before its body is compiled, which may call it (a recursion)
   * @returns {Fn}
   */
  function define(name, schema, ctx, remember) {
    const fn = { fn: code.name(name), list: foldsAtCaller(schema) ? code.constant(/** @type {any} */ (schema).required) : undefined };
    remember?.(fn);
    code.fn(fn.fn, checks(schema, 'd', [], { ...ctx, folded: schema }));
    return fn;
  }

  /**
   * A call to the function `fn` checking `data`; when it fails, the function's folded required list is checked (a
   * missing property is the error then) and the error gets the caller's part of the path prepended (only on failure).
   * @param {Fn} fn @param {string} data @param {PathPart[]} path @param {CheckContext} ctx
   */
  function call({ fn, list }, data, path, ctx) {
    if (!path.length && !list) return `if (!${fn}(${data})) return false;`;
    return `if (!${fn}(${data})) ${failure(ctx, () => `${code.use('at')}(${code.path(path)}${list ? `, ${data}, ${list}` : ''})`)}`;
  }

  /**
   * The checks of a value inside `data` (a property, an item): inline, or a call to a function of their own for an
   * array's rows and for an object schema the module uses twice or more, so each is written once. Such a function
   * reports paths from its own root.
   * @param {any} schema @param {string} data @param {PathPart[]} path @param {CheckContext} ctx
   * @param {string} name what to call the function @param {boolean} row whether `data` is an array item
   * @returns {string[]}
   */
  function nested(schema, data, path, ctx, name, row) {
    const key = JSON.stringify(schema);
    const inner = row ? { ...ctx, perItem: true } : ctx;
    if (!schema?.properties || (!row && (occurrences.get(key) ?? 0) < 2)) return checks(schema, data, path, inner);
    let fn = objectFunctions.get(`${ctx.inUnion} ${key}`);
    if (!fn) {
      fn = define(name, schema, { ...TOP, inUnion: ctx.inUnion, perItem: inner.perItem }, (made) => objectFunctions.set(`${ctx.inUnion} ${key}`, made));
    }
    return [call(fn, data, path, ctx)];
  }

  /**
   * The statements that check `data` (an expression without side effects) against `schema`, each returning on failure.
   * @param {any} schema @param {string} data @param {PathPart[]} path @param {CheckContext} ctx
   * @returns {string[]}
   */
  function checks(schema, data, path, ctx) {
    if (alwaysValid(schema)) return [];
    if (!schema || typeof schema !== 'object' || Array.isArray(schema))
      throw new Error(`codegen: body schema ${JSON.stringify(schema)} is not a schema object (only true, {} and objects are compiled)`);
    const unknown = Object.keys(schema).filter((key) => !KEYWORDS.has(key));
    if (unknown.length) throw new Error(`codegen: body validators do not compile the keyword ${unknown.join(', ')} (at ${describe(path)})`);
    const where = ctx.mode === 'errors' ? code.path(path) : '""';
    const fail = (/** @type {() => string} */ error) => failure(ctx, error);
    const types = schema.type === undefined ? [] : [schema.type].flat();
    const groupUsed = (/** @type {string} */ type) => type in GROUPS && GROUPS[/** @type {keyof GROUPS} */ (type)].some((k) => k in schema);
    const typeError = () => `${code.use('typeError')}(${where}, ${Array.isArray(schema.type) ? code.constant(schema.type) : JSON.stringify(schema.type)})`;
    /** @type {string[]} */
    const out = [];
    // ajv checks the type up front unless the schema has one type whose group has keywords: then in that group.
    const typeFirst = types.length > 0 && !(types.length === 1 && groupUsed(types[0]));
    if (typeFirst) out.push(`if (!(${typeTest(code, types, data)})) ${fail(typeError)}`);

    if (schema.$ref !== undefined) {
      if (ctx.inUnion)
        throw new Error(`codegen: a recursive $ref under anyOf/oneOf (at ${describe(path)}) is not compiled: ajv would report its branch errors`);
      const name = String(schema.$ref).split('/').pop() ?? '';
      if (!(name in components)) throw new Error(`codegen: unresolved $ref ${schema.$ref}`);
      let fn = componentFunctions.get(name);
      if (!fn) {
        fn = define(`component_${name}`, prepareComponent(components[name], name), TOP, (made) => componentFunctions.set(name, made));
      }
      out.push(call(fn, data, path, ctx));
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
    // A branch is a boolean function: ajv drops its errors (not, a union that passes) or words only the union's own.
    const branch = (/** @type {unknown} */ sub, /** @type {boolean} */ union) =>
      `${code.branch(sub, union, () => checks(sub, 'd', [], { mode: 'boolean', inUnion: union, perItem: false }))}(${data})`;
    if (schema.not !== undefined) out.push(`if (${branch(schema.not, ctx.inUnion)}) ${fail(() => `${code.use('notError')}(${where})`)}`);
    const union = (/** @type {unknown[]} */ list) => list.map((sub) => branch(sub, true));
    if (schema.anyOf !== undefined) out.push(`if (!(${union(schema.anyOf).join(' || ')})) ${fail(() => `${code.use('unionError')}(${where}, "anyOf")`)}`);
    // Each branch returns a boolean: their sum counts the ones that pass.
    if (schema.oneOf !== undefined) out.push(`if (${union(schema.oneOf).join(' + ')} !== 1) ${fail(() => `${code.use('unionError')}(${where}, "oneOf")`)}`);
    for (const sub of schema.allOf ?? []) out.push(...checks(sub, data, path, ctx));

    for (const [group, keywords] of Object.entries(GROUPS)) {
      if (!keywords.some((k) => k in schema)) continue;
      const body = keywords.filter((k) => k in schema).flatMap((keyword) => keywordChecks(compiler, keyword, schema, data, path, ctx));
      const covered = types.every((t) => t === group || (group === 'number' && t === 'integer'));
      if (!typeFirst && types.length === 1 && types[0] === group) out.push(`if (!(${typeTest(code, [group], data)})) ${fail(typeError)}`, ...body);
      else if (typeFirst && covered) out.push(...body);
      else if (body.length) out.push(...code.block(`if (${typeTest(code, [group], data)})`, body));
    }
    return out;
  }

  for (const { name, schema } of validators) code.export(name, define(name, schema, TOP));
  return code.render();
}
