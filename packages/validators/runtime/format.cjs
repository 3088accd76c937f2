'use strict';
// Turns ajv errors into issues a person can act on: the JSON path in JavaScript notation, the rule broken, the
// allowed values, and one sentence that names them all, e.g. `data[3].resolution must be one of 1m, 5m, 15m, 1h, 4h, 1d`.

/** '/data/3/resolution' → 'data[3].resolution' (prefixed with the location, e.g. 'query.limit'). */
function toPath(prefix, instancePath) {
  let out = prefix;
  for (const raw of instancePath.split('/').slice(1)) {
    const part = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (/^[0-9]+$/.test(part)) out += `[${part}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out || '(root)';
}

function join(prefix, name) {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? (prefix && prefix !== '(root)' ? `${prefix}.${name}` : name) : `${prefix}[${JSON.stringify(name)}]`;
}

/** What a min/max count keyword counts. */
const COUNTED = {
  minItems: 'items',
  maxItems: 'items',
  minLength: 'characters',
  maxLength: 'characters',
  minProperties: 'properties',
  maxProperties: 'properties',
};

function describe(error, path) {
  const p = error.params || {};
  switch (error.keyword) {
    case 'required':
      return { path: join(path, p.missingProperty), rule: 'required', message: `${join(path, p.missingProperty)} is required` };
    case 'additionalProperties':
      return {
        path: join(path, p.additionalProperty),
        rule: 'additionalProperties',
        message: `${join(path, p.additionalProperty)} is not a documented field`,
      };
    case 'enum':
      return {
        path,
        rule: 'enum',
        allowedValues: p.allowedValues,
        message: `${path} must be one of ${p.allowedValues.map(String).join(', ')}`,
      };
    case 'const':
      return { path, rule: 'const', allowedValues: [p.allowedValue], message: `${path} must be ${JSON.stringify(p.allowedValue)}` };
    case 'type':
      return { path, rule: 'type', message: `${path} must be ${Array.isArray(p.type) ? p.type.join(' or ') : p.type}` };
    case 'pattern':
      return { path, rule: 'pattern', message: `${path} must match ${p.pattern}` };
    case 'format':
      return { path, rule: 'format', message: `${path} must be a valid ${p.format}` };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { path, rule: error.keyword, limit: p.limit, message: `${path} must be ${p.comparison} ${p.limit}` };
    case 'minItems':
    case 'maxItems':
    case 'minLength':
    case 'maxLength':
    case 'minProperties':
    case 'maxProperties':
      // Worded here, as ajv words them: the generated validators carry no message strings (ajv's `messages: false`).
      return {
        path,
        rule: error.keyword,
        limit: p.limit,
        message: `${path} must NOT have ${error.keyword.startsWith('max') ? 'more' : 'fewer'} than ${p.limit} ${COUNTED[error.keyword]}`,
      };
    case 'not':
      return { path, rule: 'not', message: `${path} must NOT be valid` };
    case 'anyOf':
    case 'oneOf':
      return { path, rule: error.keyword, message: `${path} must match ${error.keyword === 'oneOf' ? 'exactly one' : 'one'} of its accepted forms` };
    default:
      return { path, rule: error.keyword, message: `${path} ${error.message || 'is invalid'}` };
  }
}

/**
 * @param {ReadonlyArray<any>} errors ajv errors
 * @param {string} prefix where the data sits: 'body', 'query', 'response', …
 */
function formatErrors(errors, prefix) {
  const list = errors || [];
  // Branch failures of an anyOf/oneOf are noise next to the union's own failure ("must match one of its accepted
  // forms"): keep the summary, drop the errors of the branches under it.
  const unions = list.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => `${e.schemaPath}/`);
  // The generated code keeps schemaPath only on errors in or of a union (tools/codegen: withoutUnreadSchemaPaths).
  const kept = list.filter((e) => !e.schemaPath || !unions.some((u) => e.schemaPath.startsWith(u)));
  const seen = new Set();
  const issues = [];
  for (const error of kept) {
    const issue = describe(error, toPath(prefix, error.instancePath));
    if (seen.has(issue.message)) continue;
    seen.add(issue.message);
    issues.push(issue);
  }
  return issues;
}

module.exports = { formatErrors, toPath };
