// Checks the options given to createClient: the settings against the schema generated from settings.ts, the hooks
// for their type, and no unknown key. A typo such as `timout` or a negative timeout fails at once, naming the
// option and the rule, instead of being silently ignored.
//
// The schema is interpreted here rather than compiled by ajv: it uses a dozen keywords, and ajv's standalone code
// for it was 18 kB minified, more than half of what an app calling one operation would bundle. The messages follow
// ajv's wording, and test/check-options.test.ts proves this accepts exactly what ajv accepts.
import { SETTINGS_SCHEMA } from '../generated/settings-schema.js';

/** The JSON Schema subset the settings use (tools/codegen/src/client-settings.mjs refuses any other keyword). */
export interface SettingsSchema {
  readonly type?: string;
  readonly properties?: { readonly [name: string]: SettingsSchema };
  readonly additionalProperties?: boolean | SettingsSchema;
  readonly required?: readonly string[];
  readonly items?: SettingsSchema;
  readonly anyOf?: readonly SettingsSchema[];
  readonly $ref?: string;
  readonly enum?: readonly unknown[];
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly definitions?: { readonly [name: string]: SettingsSchema };
}

const HOOKS: Record<string, 'function' | 'object' | 'array'> = {
  fetch: 'function',
  fetchOptions: 'object',
  middleware: 'array',
  logger: 'object',
  onRequest: 'function',
  onResponse: 'function',
  validators: 'object',
};

const resolve = (root: SettingsSchema, schema: SettingsSchema): SettingsSchema =>
  schema.$ref ? root.definitions![schema.$ref.slice('#/definitions/'.length)]! : schema;

/** JSON Schema types as ajv tests them (a number is finite, an object is neither null nor an array). */
const hasType = (type: string | undefined, value: unknown): boolean =>
  type === undefined ||
  (type === 'integer'
    ? Number.isInteger(value)
    : type === 'number'
      ? Number.isFinite(value)
      : type === 'array'
        ? Array.isArray(value)
        : typeof value === type && value !== null && !Array.isArray(value));

const allowed = (values: readonly unknown[]) => values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(', ');

/** The problems of `value` against `schema`, each naming the option path and the rule. */
export function problemsOf(root: SettingsSchema, node: SettingsSchema, value: unknown, path: string): string[] {
  const schema = resolve(root, node);
  if (schema.anyOf) {
    const branches = schema.anyOf.map((b) => resolve(root, b));
    if (branches.some((b) => problemsOf(root, b, value, path).length === 0)) return [];
    // Report the branch of the value's kind (an object against the object form), else the forms accepted.
    const same = branches.find((b) => b.type !== undefined && hasType(b.type, value));
    return same
      ? problemsOf(root, same, value, path)
      : [`${path} must be ${branches.map((b) => (b.enum ? `${b.enum.length > 1 ? 'one of ' : ''}${allowed(b.enum)}` : b.type)).join(' or ')}`];
  }
  // A value set is named whatever the wrong value's type: `must be one of 'off', 'warn', 'throw'`, not `must be string`.
  if (schema.enum && !schema.enum.includes(value)) return [`${path} must be one of ${allowed(schema.enum)}`];
  if (!hasType(schema.type, value)) return [`${path} must be ${schema.type}`];
  const problems: string[] = [];
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && !(value >= schema.minimum)) problems.push(`${path} must be >= ${schema.minimum}`);
    if (schema.maximum !== undefined && !(value <= schema.maximum)) problems.push(`${path} must be <= ${schema.maximum}`);
    if (schema.exclusiveMinimum !== undefined && !(value > schema.exclusiveMinimum)) problems.push(`${path} must be > ${schema.exclusiveMinimum}`);
  }
  if (typeof value === 'string' && schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value))
    problems.push(`${path} must match pattern "${schema.pattern}"`);
  if (Array.isArray(value) && schema.items) value.forEach((item, i) => problems.push(...problemsOf(root, schema.items!, item, `${path}[${i}]`)));
  if (schema.type === 'object') {
    const object = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (!(name in object)) problems.push(`${path} must have required property '${name}'`);
    for (const [name, item] of Object.entries(object)) {
      const property = schema.properties?.[name];
      if (property) problems.push(...problemsOf(root, property, item, `${path}.${name}`));
      else if (schema.additionalProperties === false) problems.push(`${path}.${name} is not an option`);
      else if (typeof schema.additionalProperties === 'object') problems.push(...problemsOf(root, schema.additionalProperties, item, `${path}.${name}`));
    }
  }
  return problems;
}

export function checkClientOptions(options: object): void {
  const problems: string[] = [];
  const properties = SETTINGS_SCHEMA.properties!;
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (key in HOOKS) {
      const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
      if (kind !== HOOKS[key]) problems.push(`options.${key} must be a${HOOKS[key] === 'array' ? 'n' : ''} ${HOOKS[key]}`);
    } else if (key in properties) problems.push(...problemsOf(SETTINGS_SCHEMA, properties[key]!, value, `options.${key}`));
    else problems.push(`options.${key} is not an option (known: ${[...Object.keys(properties), ...Object.keys(HOOKS)].join(', ')})`);
  }
  if (problems.length) throw new TypeError(`Invalid client options: ${[...new Set(problems)].join('; ')}`);
}
