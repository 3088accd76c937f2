// Compiles the parameter and header validators (the `strings` ones: values that arrive as text) from the prepared
// schemas (validator-schemas.mjs) into compact inline JavaScript, where ajv's standalone code carried an error object
// literal with a schemaPath string at every check and its coercion scaffolding at every typed value (the largest piece
// of one operation's bundle, pnpm bench). Semantics are ajv draft-07's with coerceTypes: true, allErrors: true and
// strictNumbers: true (createAjv in validators.mjs), keyword for keyword: every value is coerced to its type as ajv
// does and written back into its object (runtime/checks.cjs), then every keyword runs and reports each rule it
// finds broken, in ajv's order: the type (with coercion) first, except an object's, which is tested where its
// keywords run; then const, enum, anyOf, allOf; then the number (maximum, minimum, exclusiveMinimum), string
// (minLength, pattern, format) and object (required, additionalProperties, properties) keywords, each for its type.
// test/strings-validators.test.ts compares verdicts, worded issues and coerced data with ajv on generated values.
// These schemas are simple (single types, no arrays): a keyword or shape outside that fails generation.
import { alwaysValid, indent, isIdentifier, isPlainObject, member, pointer, runtimeFormat, RuntimeHelpers } from './validator-code.mjs';

/** The keywords compiled; contentEncoding and contentMediaType are draft-07 annotations (ajv checks neither). */
const KEYWORDS = new Set([
  ...['type', 'properties', 'required', 'additionalProperties', 'minimum', 'maximum', 'exclusiveMinimum', 'pattern', 'enum'],
  ...['minLength', 'format', 'allOf', 'anyOf', 'const', 'contentEncoding', 'contentMediaType'],
]);
const TYPES = new Set(['object', 'string', 'integer', 'number', 'boolean']);
/** Each type's keyword group, in ajv's rule order within it, with the test that the (coerced) value is of that type. */
const GROUPS = {
  number: { keywords: ['maximum', 'minimum', 'exclusiveMinimum'], test: (/** @type {string} */ v) => `checks.isNumber(${v})` },
  string: { keywords: ['minLength', 'pattern', 'format'], test: (/** @type {string} */ v) => `typeof ${v} == "string"` },
  object: { keywords: ['required', 'additionalProperties', 'properties'], test: (/** @type {string} */ v) => `checks.isObject(${v})` },
};
/** The failing test of each number limit (runtime/checks.cjs words its comparison, as ajv does). */
const LIMITS = { maximum: '>', minimum: '<', exclusiveMinimum: '<=' };
/** What the generated code may call in runtime/checks.cjs, as a property of its `checks` binding (body-code.mjs says why). */
const HELPERS = [
  ...['validator', 'isNumber', 'isObject', 'typed', 'anyOf', 'codePoints', 'typeError', 'constError', 'enumError', 'missing'],
  ...['extraProperty', 'numberLimit', 'countLimit', 'patternError', 'formatError', 'unionError'],
];

const block = (/** @type {string} */ header, /** @type {string[]} */ body) => (body.length ? [header ? `${header} {` : '{', ...indent(body), '}'] : []);
const where = (/** @type {string} */ path) => (path ? path : '(root)');

/**
 * Compiles the parameter and header validators of one generated module.
 * @param {{ name: string, schema: unknown }[]} validators export name and prepared schema of each
 * @param {import('./module-form.mjs').ModuleForm} form the module's form: it takes the imports, and says how to export
 * @returns {string} the module's code: its constants and exports (`<target>.<name> = checks.validator(...)`)
 */
export function stringsValidatorsCode(validators, form) {
  /** @type {Map<string, string>} initialiser → constant name */
  const constants = new Map();
  /** @type {Map<string, string>} format → the local holding its function */
  const formats = new Map();
  let locals = 0;
  const local = (/** @type {string} */ base) => `${base}${++locals}`;
  const constant = (/** @type {unknown} */ value, init = JSON.stringify(value)) => {
    let name = constants.get(init);
    if (!name) constants.set(init, (name = `c${constants.size + 1}`));
    return name;
  };
  const helpers = new RuntimeHelpers(HELPERS);
  const use = (/** @type {string} */ helper) => helpers.use(helper);
  /** A broken rule's error: the runtime constructor of that keyword's error, given the path and its other arguments. */
  const report = (/** @type {string} */ constructor, /** @type {string} */ path, /** @type {string} */ args) =>
    `${use(constructor)}(${JSON.stringify(path)}, ${args});`;

  /**
   * The statements that check `parent[key]` (both expressions) against `schema`, found at instance path `path`.
   * @param {unknown} schema @param {string} parent @param {string} key @param {string} path
   * @returns {string[]}
   */
  function checks(schema, parent, key, path) {
    if (alwaysValid(schema)) return [];
    if (!isPlainObject(schema)) throw new Error(`codegen: parameter schema ${JSON.stringify(schema)} at ${where(path)} is not a schema object`);
    const unknown = Object.keys(schema).filter((keyword) => !KEYWORDS.has(keyword));
    if (unknown.length) throw new Error(`codegen: parameter and header validators do not compile the keyword ${unknown.join(', ')} (at ${where(path)})`);
    const { type } = schema;
    if (type !== undefined && (typeof type !== 'string' || !TYPES.has(type)))
      throw new Error(`codegen: parameter schema type ${JSON.stringify(type)} at ${where(path)} is not one of ${[...TYPES].join(', ')} (a single type)`);
    const value = local('v');
    const read = `${parent}[${key}]`;
    const hasGroup = (/** @type {keyof GROUPS} */ group) => GROUPS[group].keywords.some((keyword) => keyword in schema);
    // An object is not coerced: ajv tests its type where its keywords run, when it has any (else up front).
    const objectInGroup = type === 'object' && hasGroup('object');
    // Whether any check here reads the value itself: a schema that is all in its allOf/anyOf leaves that to the
    // subschemas (each reads the property again), so it declares no variable of its own.
    const readsValue =
      type !== undefined ||
      schema.const !== undefined ||
      schema.enum !== undefined ||
      Object.keys(GROUPS).some((g) => hasGroup(/** @type {keyof GROUPS} */ (g)));
    // A subschema may coerce the value (written back into the parent): what follows it reads the value again.
    const reread = readsValue ? [`${value} = ${read};`] : [];
    /** @type {string[]} */
    const out = [];
    if (type === undefined) out.push(...(readsValue ? [`let ${value} = ${read};`] : []));
    else if (objectInGroup) out.push(`let ${value} = ${read};`);
    else if (type === 'object') out.push(`let ${value} = ${read};`, `if (!${use('isObject')}(${value})) ${report('typeError', path, '"object"')}`);
    else out.push(`let ${value} = ${use('typed')}(${parent}, ${key}, ${JSON.stringify(path)}, ${JSON.stringify(type)});`);

    if (schema.const !== undefined) {
      if (schema.const !== null && typeof schema.const === 'object') throw new Error(`codegen: const with an object value at ${where(path)} is not compiled`);
      const allowed = JSON.stringify(schema.const);
      out.push(`if (${value} !== ${allowed}) ${report('constError', path, allowed)}`);
    }
    if (schema.enum !== undefined) {
      if (!Array.isArray(schema.enum) || schema.enum.some((/** @type {unknown} */ v) => v !== null && typeof v === 'object'))
        throw new Error(`codegen: enum at ${where(path)} must be a list of scalars to be compiled`);
      const allowed = constant(schema.enum);
      out.push(`if (!${allowed}.includes(${value})) ${report('enumError', path, allowed)}`);
    }
    if (schema.anyOf !== undefined) {
      if (!Array.isArray(schema.anyOf) || schema.anyOf.length === 0) throw new Error(`codegen: anyOf at ${where(path)} must be a non-empty list`);
      const branches = schema.anyOf.map((/** @type {unknown} */ sub) => ['() => {', ...indent(checks(sub, parent, key, path)), '}'].join('\n'));
      out.push(`if (!${use('anyOf')}(${branches.join(', ')})) ${report('unionError', path, '"anyOf"')}`, ...reread);
    }
    if (schema.allOf !== undefined) {
      if (!Array.isArray(schema.allOf)) throw new Error(`codegen: allOf at ${where(path)} must be a list`);
      for (const sub of schema.allOf) out.push(...block('', checks(sub, parent, key, path)));
      out.push(...reread);
    }

    for (const [group, { keywords, test }] of Object.entries(GROUPS)) {
      if (!hasGroup(/** @type {keyof GROUPS} */ (group))) continue;
      const body = keywords.filter((keyword) => keyword in schema).flatMap((keyword) => keywordChecks(keyword, schema, value, path));
      const typeError = group === 'object' && objectInGroup ? report('typeError', path, '"object"') : undefined;
      if (body.length) out.push(...block(`if (${test(value)})`, body), ...(typeError ? [`else ${typeError}`] : []));
      else if (typeError) out.push(`if (!${test(value)}) ${typeError}`);
    }
    return out;
  }

  /**
   * One keyword's checks, `value` known to be of the keyword's type.
   * @param {string} keyword @param {Record<string, any>} schema @param {string} value @param {string} path
   * @returns {string[]}
   */
  function keywordChecks(keyword, schema, value, path) {
    const limit = schema[keyword];
    switch (keyword) {
      case 'maximum':
      case 'minimum':
      case 'exclusiveMinimum': {
        if (typeof limit !== 'number') throw new Error(`codegen: ${keyword} at ${where(path)} must be a number`);
        return [`if (${value} ${LIMITS[keyword]} ${limit}) ${report('numberLimit', path, `"${keyword}", ${limit}`)}`];
      }
      case 'minLength': {
        if (!Number.isInteger(limit)) throw new Error(`codegen: minLength at ${where(path)} must be an integer`);
        // ajv counts code points (`unicode`) only where a limit above 1 makes it differ from UTF-16 units.
        const length = limit > 1 ? `${use('codePoints')}(${value})` : `${value}.length`;
        return [`if (${length} < ${limit}) ${report('countLimit', path, `"minLength", ${limit}`)}`];
      }
      case 'pattern': {
        if (typeof limit !== 'string') throw new Error(`codegen: pattern at ${where(path)} must be a string`);
        const pattern = constant(limit);
        // ajv's pattern flags with unicodeRegExp off: none.
        const regExp = constant(limit, `new RegExp(${pattern})`);
        return [`if (!${regExp}.test(${value})) ${report('patternError', path, pattern)}`];
      }
      case 'format': {
        runtimeFormat(limit);
        let check = formats.get(limit);
        if (!check) formats.set(limit, (check = `f${formats.size + 1}`));
        return [`if (!${check}(${value})) ${report('formatError', path, JSON.stringify(limit))}`];
      }
      case 'required':
        if (!Array.isArray(limit)) throw new Error(`codegen: required at ${where(path)} must be a list`);
        return limit.map((name) => `if (${member(value, name)} === undefined) ${report('missing', path, JSON.stringify(name))}`);
      case 'additionalProperties': {
        if (limit === true) return [];
        if (limit !== false) throw new Error(`codegen: additionalProperties at ${where(path)} must be true or false to be compiled`);
        const name = local('key');
        const known = constant(Object.keys(schema.properties ?? {}));
        return block(`for (const ${name} in ${value})`, [`if (!${known}.includes(${name})) ${report('extraProperty', path, name)}`]);
      }
      case 'properties':
        if (!isPlainObject(limit)) throw new Error(`codegen: properties at ${where(path)} must be an object`);
        return Object.entries(limit).flatMap(([name, sub]) => {
          const inner = checks(sub, value, JSON.stringify(name), `${path}/${pointer(name)}`);
          return block(`if (${member(value, name)} !== undefined)`, inner);
        });
      default:
        throw new Error(`codegen: no check for ${keyword}`);
    }
  }

  const exported = validators.map(({ name, schema }) => {
    if (!isIdentifier(name)) throw new Error(`codegen: validator name ${JSON.stringify(name)} is not an identifier`);
    // `true`: a parameter check, whose every error is reported (runtime/checks.cjs).
    return form.exportValidator(name, [`${use('validator')}((box, key) => {`, ...indent(checks(schema, 'box', 'key', '')), '}, true)'].join('\n'));
  });
  helpers.importInto(form);
  for (const [format, name] of formats) form.importName(runtimeFormat(format), name, form.runtime('formats'));
  return [...[...constants].map(([init, name]) => `const ${name} = ${init};`), ...exported].join('\n');
}
