// The rules the generated settings check (generated/check-settings.ts) is made of. tools/codegen compiles the settings
// schema into calls of these, with every message worked out at generation time, so an app bundles neither the schema
// nor an interpreter of it (together 1 kB of a one-operation bundle; an ajv standalone validator was 18 kB).
// Each rule returns the problems of a value at an option path, worded as ajv words them; test/check-options.test.ts
// proves the compiled check accepts exactly what ajv accepts on the full schema.

/** The problems of `value` at `path` (none: the value is valid). */
export type Check = (value: unknown, path: string) => string[];

/** JSON Schema types as ajv tests them: a number is finite, an object is neither null nor an array. */
const is = (type: string, v: unknown): boolean =>
  type === 'integer'
    ? Number.isInteger(v)
    : type === 'number'
      ? Number.isFinite(v)
      : type === 'array'
        ? Array.isArray(v)
        : typeof v === type && v !== null && !Array.isArray(v);

/** A rule that holds or is named: `options.retry.maxRetries must be <= 10`. */
export const rule =
  (holds: (value: never) => boolean, must: string): Check =>
  (v, p) =>
    holds(v as never) ? [] : [`${p} must ${must}`];

/** A value of one JSON type, then the rules of that type, all reported. */
export const typed =
  (type: string, ...rules: Check[]): Check =>
  (v, p) =>
    is(type, v) ? rules.flatMap((check) => check(v, p)) : [`${p} must be ${type}`];

/** Number bounds (`minimum`, `maximum`, `exclusiveMinimum`). */
export const min = (limit: number) => rule((v: number) => v >= limit, `be >= ${limit}`);
export const max = (limit: number) => rule((v: number) => v <= limit, `be <= ${limit}`);
export const above = (limit: number) => rule((v: number) => v > limit, `be > ${limit}`);

/** A value set (`enum`), named whatever the wrong value's type: `must be one of 'off', 'throw', 'warn'`. */
export const oneOf = (values: readonly unknown[], named: string) => rule((v) => values.includes(v), `be one of ${named}`);

/** Every item of an array, at `path[i]`. */
export const items =
  (check: Check): Check =>
  (v, p) =>
    (v as unknown[]).flatMap((item, i) => check(item, `${p}[${i}]`));

/**
 * An object's required names and each property; a name the schema does not list is checked by `other`, or is
 * `not an option` when `other` is false. Names are looked up as own keys, so `constructor` is not mistaken for one.
 * A property set to undefined is absent, as ajv (and `{ maxRetries: opts.retries }` in a user's code) take it.
 */
export const shape =
  (properties: Record<string, Check>, required: readonly string[], other?: Check | false): Check =>
  (v, p) => {
    const object = v as Record<string, unknown>;
    return [
      ...required.filter((name) => object[name] === undefined).map((name) => `${p} must have required property '${name}'`),
      ...Object.entries(object).flatMap(([name, item]) =>
        item === undefined
          ? []
          : Object.hasOwn(properties, name)
            ? properties[name]!(item, `${p}.${name}`)
            : other === false
              ? [`${p}.${name} is not an option`]
              : (other?.(item, `${p}.${name}`) ?? []),
      ),
    ];
  };

/**
 * Valid when one branch is. Otherwise the problems of the branch of the value's own type (an object against the
 * object form), else `must be <forms>`. Each branch is `[its type, its check]`.
 */
export const anyOf =
  (forms: string, ...branches: (readonly [string | undefined, Check])[]): Check =>
  (v, p) => {
    if (branches.some(([, check]) => check(v, p).length === 0)) return [];
    const same = branches.find(([type]) => type !== undefined && is(type, v));
    return same ? same[1](v, p) : [`${p} must be ${forms}`];
  };
