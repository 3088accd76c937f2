// Request validation in the front, with our own compiled validators (@laevitas-api/validators), so a rejected
// request gets the family's documented 400 with the REAL reasons, one per violated rule, in the wording of NestJS's
// class-validator that the service's documents show (`limit must not be greater than 1000`, `market must be one of
// the following values: …`, `start should not be empty`). Prism's canned 400 example named the wrong rule.
import { badRequest, json } from '../answer-shapes.mjs';
import { forOperations } from '../stage.mjs';

/**
 * @typedef {import('../stage.mjs').OperationModel} OperationModel
 * @typedef {import('@laevitas-api/validators').ValidationIssue} ValidationIssue
 */

/** 'query.limit' → 'limit'; 'header["x-checkout-token"]' → 'x-checkout-token'; 'body.positions[0].size' → 'positions.0.size'.  @param {string} path */
export function propertyOf(path) {
  const bare = path.replace(/^(query|path|header)(\.|(?=\[))/, '').replace(/^body(\.|(?=\[)|$)/, '');
  return (bare || 'body')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\["([^"]+)"\]/g, '.$1')
    .replace(/^\./, '');
}

/** @type {Record<string, string>} */
const TYPE_WORDING = {
  integer: 'must be an integer number',
  number: 'must be a number conforming to the specified constraints',
  boolean: 'must be a boolean value',
  string: 'must be a string',
  array: 'must be an array',
  object: 'must be an object',
};

/** One validator issue in class-validator's wording, naming the property as the service would.  @param {ValidationIssue} issue */
export function classValidatorMessage(issue) {
  const name = propertyOf(issue.path);
  switch (issue.rule) {
    case 'required':
      return `${name} should not be empty`;
    case 'enum':
    case 'const':
      return `${name} must be one of the following values: ${/** @type {readonly unknown[]} */ (issue.allowedValues).map(String).join(', ')}`;
    case 'maximum':
      return `${name} must not be greater than ${issue.limit}`;
    case 'minimum':
      return `${name} must not be less than ${issue.limit}`;
    case 'exclusiveMaximum':
      return `${name} must be less than ${issue.limit}`;
    case 'exclusiveMinimum':
      return `${name} must be greater than ${issue.limit}`;
    case 'type': {
      const types = issue.message.replace(/^.* must be /, '').split(' or ');
      return `${name} ${TYPE_WORDING[/** @type {string} */ (types.find((t) => t !== 'null'))] ?? `must be ${types.join(' or ')}`}`;
    }
    case 'format':
      return /date|time/.test(issue.message) ? `${name} must be a valid ISO 8601 date string` : `${name} ${issue.message.replace(/^.* must be /, 'must be ')}`;
    case 'pattern':
      return `${name} must match ${issue.message.replace(/^.* must match /, '')} regular expression`;
    case 'minLength':
      return issue.limit === 1 ? `${name} should not be empty` : `${name} must be longer than or equal to ${issue.limit} characters`;
    case 'maxLength':
      return `${name} must be shorter than or equal to ${issue.limit} characters`;
    case 'minItems':
      return issue.limit === 1 ? `${name} should not be empty` : `${name} must contain at least ${issue.limit} elements`;
    case 'maxItems':
      return `${name} must contain no more than ${issue.limit} elements`;
    case 'additionalProperties':
      return `property ${name} should not exist`;
    default:
      // Anything else (anyOf/oneOf, a finite-number rule, a body on a bodiless route) keeps the validator's sentence,
      // with the property named first as class-validator does.
      return issue.message.startsWith(issue.path) ? `${name}${issue.message.slice(issue.path.length)}` : issue.message;
  }
}

/** Whether an operation answers errors in JSON-RPC (the agent endpoint) rather than NestJS's shape.  @param {OperationModel} op */
function speaksJsonRpc(op) {
  return /JsonRpcErrorResponse$/.test(op.responses.find((r) => r.status === 400)?.schema?.$ref ?? '');
}

/**
 * The operation's documented 400 carrying `messages`: NestJS's `{statusCode, message, error}` everywhere, a JSON-RPC
 * error (-32700 parse error, -32600 invalid request, `id` null when unreadable) on the agent endpoint.
 * @param {OperationModel} op  @param {string[]} messages  @param {{parse?: boolean, id?: string | number | null}} [options]
 */
export function refusal(op, messages, { parse = false, id = null } = {}) {
  if (!speaksJsonRpc(op)) return badRequest(op.family, messages);
  return json(400, {
    jsonrpc: '2.0',
    id,
    error: { code: parse ? -32700 : -32600, message: parse ? 'Parse error' : 'Invalid Request', data: /** @type {string[]} */ ([]).concat(messages) },
  });
}

/**
 * The documented answer to a body that is not JSON: body-parser's reason (JSON.parse's own sentence, as NestJS passes it on).
 * @param {OperationModel} op  @param {Error} error
 */
export function malformedJson(op, error) {
  return refusal(op, [error.message], { parse: true });
}

/**
 * Stage: validates the matched operation's parameters and body. Only operations that document a 400 are checked here
 * (the others have no documented way to refuse, so Prism keeps answering them).
 * @param {{validateRequest: (operationId: string, request: {path?: unknown, query?: unknown, headers?: unknown, body?: unknown}) =>
 *   import('@laevitas-api/validators').ValidationResult<unknown>}} validators the generated validators, called with the
 *   spec's operation ids as plain strings (passed in, not imported: this stage is shared with the browser-side handlers)
 * @returns {import('../stage.mjs').Stage}
 */
export function requestValidationStage(validators) {
  /** @type {Map<OperationModel, Set<string>>} */
  const declaredHeaders = new Map();
  /** The operation's header parameters, lower case; read once per operation.  @param {OperationModel} op */
  const declaredHeadersOf = (op) => {
    let names = declaredHeaders.get(op);
    if (!names) declaredHeaders.set(op, (names = new Set(op.parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase()))));
    return names;
  };
  /** @type {import('../stage.mjs').Stage} */
  const stage = function requestValidation(ctx) {
    const op = ctx.op;
    if (!op || !documentsBadRequest(op)) return undefined;
    /** @type {any} the parsed JSON body */
    let body;
    if (ctx.body?.length) {
      try {
        body = JSON.parse(new TextDecoder().decode(ctx.body));
      } catch (error) {
        return malformedJson(op, /** @type {Error} */ (error));
      }
    }
    ctx.json = body;
    // Headers other than the operation's own (accept, api keys, Prefer, …) are not the operation's business here.
    const declared = declaredHeadersOf(op);
    const headers = declared.size ? Object.fromEntries(Object.entries(ctx.headers).filter(([k]) => declared.has(k))) : {};
    const result = validators.validateRequest(op.operationId, { path: ctx.pathParams, query: ctx.query, headers, body });
    if (result.ok) {
      ctx.params = result.data;
      return undefined;
    }
    const id = body && typeof body === 'object' && (typeof body.id === 'string' || typeof body.id === 'number') ? body.id : null;
    return refusal(op, [...new Set(result.issues.map(classValidatorMessage))], { id });
  };
  return forOperations(stage, (op) => op !== undefined && documentsBadRequest(op));
}

/** Only an operation that documents a 400 has a documented way to refuse a request.  @param {OperationModel} op */
const documentsBadRequest = (op) => op.responses.some((r) => r.status === 400);
