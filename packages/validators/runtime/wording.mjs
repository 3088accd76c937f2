// The issue wording: turns the errors the generated validators report (ajv's shape: keyword, instancePath, params)
// into issues a person can act on: the JSON path in JavaScript notation, the rule broken, the allowed values, and one
// sentence that names them all, e.g. `data[3].resolution must be one of 1m, 5m, 15m, 1h, 4h, 1d`. The generated
// validators' errors are well formed and carry no union branch errors, so runtime/operation.mjs words them here
// directly; runtime/format.cjs (the public formatErrors) first checks and filters what a user hands it.

/** @import { ValidationIssue } from './operation.cjs' */

/**
 * What this module reads of an error (ajv's `ErrorObject`); `params` holds what ajv documents per keyword.
 * @typedef {{ keyword: string, instancePath: string, params?: Record<string, unknown> | undefined, message?: string | undefined }} WordedError
 */

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * '/data/3/resolution' → 'data[3].resolution' (prefixed with the location, e.g. 'query.limit').
 * @param {string} prefix @param {string} instancePath
 */
function toPath(prefix, instancePath) {
  let out = prefix;
  for (const raw of instancePath.split('/').slice(1)) {
    const part = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (/^[0-9]+$/.test(part)) out += `[${part}]`;
    else if (IDENTIFIER.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out || '(root)';
}

/** @param {string} prefix @param {string} name */
const join = (prefix, name) => (IDENTIFIER.test(name) ? (prefix && prefix !== '(root)' ? `${prefix}.${name}` : name) : `${prefix}[${JSON.stringify(name)}]`);

/** What a min/max count keyword counts, by the keyword's last word. @type {Readonly<Record<string, string>>} */
const COUNTED = { Items: 'items', Length: 'characters', Properties: 'properties' };

/** @param {WordedError} error @param {string} path @returns {ValidationIssue} */
function describe(error, path) {
  const rule = error.keyword;
  const p = error.params || {};
  // ajv's params per keyword: `missingProperty`/`additionalProperty` name a field, `allowedValues` is the enum's list
  // and `limit` a number; a hand-built error (formatErrors is public) may differ, so each is read as what it is.
  const limit = typeof p.limit === 'number' ? { limit: p.limit } : {};
  /** Every issue reads `<path> <text>`. @param {string} text @param {object} [extra] @param {string} [at] */
  const issue = (text, extra = {}, at = path) => ({ path: at, rule, ...extra, message: `${at} ${text}` });
  // Worded here, as ajv words them: the generated validators carry no message strings (ajv's `messages: false`).
  const counted = /^(min|max)(Items|Length|Properties)$/.exec(rule);
  if (counted) return issue(`must NOT have ${counted[1] === 'max' ? 'more' : 'fewer'} than ${p.limit} ${COUNTED[String(counted[2])]}`, limit);
  if (/^(exclusiveM|m)(in|ax)imum$/.test(rule)) return issue(`must be ${p.comparison} ${p.limit}`, limit);
  switch (rule) {
    case 'required':
      return issue('is required', {}, join(path, String(p.missingProperty)));
    case 'additionalProperties':
      return issue('is not a documented field', {}, join(path, String(p.additionalProperty)));
    case 'enum': {
      // A copy: the params hold the validator's own enum array, which an issue must not hand out to be changed.
      const allowedValues = Array.isArray(p.allowedValues) ? [...p.allowedValues] : [p.allowedValues];
      return issue(`must be one of ${allowedValues.map(String).join(', ')}`, { allowedValues });
    }
    case 'const':
      return issue(`must be ${JSON.stringify(p.allowedValue)}`, { allowedValues: [p.allowedValue] });
    case 'type':
      return issue(`must be ${Array.isArray(p.type) ? p.type.join(' or ') : p.type}`);
    case 'pattern':
      return issue(`must match ${p.pattern}`);
    case 'format':
      return issue(`must be a valid ${p.format}`);
    case 'not':
      return issue('must NOT be valid');
    case 'anyOf':
    case 'oneOf':
      return issue(`must match ${rule === 'oneOf' ? 'exactly one' : 'one'} of its accepted forms`);
    default:
      return issue(error.message || 'is invalid');
  }
}

/**
 * The issues of well-formed errors, each message once.
 * @param {readonly WordedError[] | null | undefined} errors @param {string} prefix where the data sits: 'body', 'query', …
 * @returns {ValidationIssue[]}
 */
function wordErrors(errors, prefix) {
  /** @type {ValidationIssue[]} */
  const issues = [];
  for (const error of errors || []) {
    const issue = describe(error, toPath(prefix, error.instancePath));
    if (!issues.some(({ message }) => message === issue.message)) issues.push(issue);
  }
  return issues;
}

export { wordErrors, toPath };
