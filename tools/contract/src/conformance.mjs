// The conformance run: for every operation, call the target with a valid request built from the spec, check the
// status is documented, then the content type, then that a JSON body parses, then the body (and documented headers)
// with the generated validators, list undocumented fields as notices, and check the documents' invariants. Against
// the mock every documented error status is also forced (`Prefer: code=…`) and its body and headers checked. Each
// operation ends passed, failed (with the first violation) or skipped (with why).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { SPEC_JSON } from './paths.mjs';
import { baseUrlFor, credentialHeaders } from '@laevitas-api/client/wire';
import { buildRequests, urlFor } from './requests.mjs';
import { INVARIANTS, checkCompletenessMonotonic, checkScan, legacyDateUnit } from '@laevitas-api/mock-core/answers/invariants';
import { describeUndocumented, undocumentedFields } from './undocumented.mjs';
import { xmlEscape as xml } from './xml.mjs';
import { operationObjectOf, responseOf } from './spec-model.mjs';

const require = createRequire(import.meta.url);
const { liveSkipReason } = require('./live-skips.cjs');

/**
 * @typedef {import('./spec-model.mjs').OpenApiDocument} OpenApiDocument
 * @typedef {import('./spec-model.mjs').OperationModel} OperationModel
 * @typedef {import('./requests.mjs').ContractRequest} ContractRequest
 * @typedef {'passed'|'failed'|'skipped'} Outcome
 * @typedef {{operationId: string, method: string, path: string, checks: number, notes: string[], notices: string[], durationMs?: number}
 *   & ({outcome: 'failed', failure: {check: string, message: string}} | {outcome: 'passed'|'skipped', failure?: undefined})} OperationResult
 *   a failed operation always says why (its first violation)
 * @typedef {{results: OperationResult[], observations: {legacyDateUnits: string[]}}} ConformanceReport
 * @typedef {{validateResponse: (operationId: string, status: number, body: unknown, headers?: Headers) =>
 *   import('@laevitas-api/validators').ValidationResult<unknown>}} ResponseValidators the generated validators, called with
 *   the spec's operation ids and statuses as plain strings and numbers
 * @typedef {{status: number, headers: Headers, text: string, body?: any}} Answer an answer as received; `body` is the parsed
 *   JSON once validate() has read it
 */

/**
 * @param {{legacyBaseUrl: string, v1BaseUrl: string, apiKey?: string | undefined, kind?: 'mock'|'live' | undefined, only?: ((id: string) => boolean) | undefined,
 *   fetch?: typeof fetch | undefined, spec?: OpenApiDocument | undefined, validators?: ResponseValidators | undefined, concurrency?: number | undefined,
 *   onResult?: ((result: OperationResult, done: number, total: number) => void) | undefined,
 *   onAnswer?: ((op: OperationModel, answer: Answer, label: string) => void) | undefined}} options `onAnswer` sees every answer the
 *   run judges, before it is judged (the drift observer, propose/observe.mjs)
 * @returns {Promise<ConformanceReport>}
 */
export async function runConformance(options) {
  const { legacyBaseUrl, v1BaseUrl, apiKey = 'contract-test-key', kind = 'mock', only = () => true, concurrency = 4 } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  /** @type {OpenApiDocument} */
  const document = options.spec ?? JSON.parse(readFileSync(SPEC_JSON, 'utf8'));
  /** @type {ResponseValidators} */
  const validators = options.validators ?? require('@laevitas-api/validators');
  const bases = { baseUrl: legacyBaseUrl, v2BaseUrl: v1BaseUrl };
  const requests = buildRequests(document).filter((r) => only(r.op.operationId));
  const observations = { legacyDateUnits: /** @type {Set<string>} */ (new Set()) };

  /**
   * @param {ContractRequest} req  @param {Record<string, string>} [extraHeaders]  @param {ContractRequest['query']} [query]
   * @returns {Promise<Answer>}
   */
  async function send(req, extraHeaders = {}, query = req.query) {
    // Routing and credentials as the client sends them (the shared wire layer): the family's base URL and key header.
    const url = urlFor(baseUrlFor(req.op.family, bases), req.op, req.path, query);
    /** @type {Record<string, string>} */
    const headers = { accept: 'application/json', ...credentialHeaders(req.op.family, { apiKey }), ...req.headers, ...extraHeaders };
    /** @type {RequestInit} */
    const init = { method: req.op.method.toUpperCase(), headers };
    if (req.body !== undefined) {
      init.body = JSON.stringify(req.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetchImpl(url, init);
    // The body stays text here: validate() checks the content type before it parses, so an HTML error page or a
    // truncated body is reported as what it is rather than as a schema mismatch.
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  /** @param {ContractRequest} req  @returns {Promise<OperationResult>} */
  async function checkOne(req) {
    const { op } = req;
    // Cast, not annotated: the outcome changes in fail(), so it must not stay narrowed to 'passed'.
    const result = /** @type {OperationResult} */ ({
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      path: op.path,
      outcome: 'passed',
      checks: 0,
      notes: [],
      notices: [],
    });
    /** @param {string} check  @param {string} message */
    const fail = (check, message) => {
      if (result.outcome !== 'failed') Object.assign(result, { outcome: 'failed', failure: { check, message } });
    };
    /** @param {string} text */
    const note = (text) => {
      if (!result.notes.includes(text)) result.notes.push(text);
    };
    /**
     * Status, then content type, then JSON, then schema; the parsed body is left on `response.body`.
     * @param {number} status  @param {Answer} response  @param {string} label
     */
    const validate = (status, response, label) => {
      options.onAnswer?.(op, response, label);
      result.checks++;
      if (!op.responses.some((r) => r.status === status)) {
        fail('status', `${label}: status ${status} is not documented (documented: ${op.responses.map((r) => r.status).join(', ')})`);
        return false;
      }
      const types = contentTypesOf(document, op, status);
      if (types.length && op.method !== 'head') {
        const got = mediaTypeOf(response.headers.get('content-type'));
        if (!response.text) {
          fail('body', `${label}: ${status} body is empty; expected ${types.join(' or ')}`);
          return false;
        }
        if (!types.includes(got)) {
          fail('content-type', `${label}: ${status} expected ${types.join(' or ')}, got ${got || 'no Content-Type'}`);
          return false;
        }
        if (isJson(got)) {
          try {
            response.body = JSON.parse(response.text);
          } catch (error) {
            fail(
              'json',
              `${label}: ${status} body is not valid JSON: ${/** @type {Error} */ (error).message} (first bytes: ${JSON.stringify(response.text.slice(0, 60))})`,
            );
            return false;
          }
        } else {
          note(`${status} ${got} body not validated: only JSON bodies have a schema`);
          response.body = undefined;
        }
      }
      const outcome = validators.validateResponse(op.operationId, status, response.body, response.headers);
      if (!outcome.ok) {
        fail('schema', `${label}: ${status} ${outcome.where}: ${outcome.issues.map((i) => i.message).join('; ')}`);
        return false;
      }
      const schema = op.responses.find((r) => r.status === status)?.schema;
      if (schema && response.body !== undefined) {
        for (const field of undocumentedFields(document, schema, response.body)) {
          const text = `${status} ${describeUndocumented(field)}`;
          if (!result.notices.includes(text)) result.notices.push(text);
        }
      }
      return true;
    };

    const skipReason = kind === 'live' ? liveSkipReason(op.method, operationObjectOf(document, op), document, req.body) : undefined;
    if (skipReason) {
      Object.assign(result, { outcome: 'skipped' });
      note(skipReason);
      return result;
    }
    try {
      const success = op.responses.filter((r) => r.status < 300).map((r) => r.status);
      const first = await send(req, kind === 'mock' ? { Prefer: `code=${success[0]}` } : {});
      if (!success.includes(first.status)) {
        if (first.status >= 400 && op.responses.some((r) => r.status === first.status)) {
          validate(first.status, first, 'example request');
          fail('status', `example request answered ${first.status}, not ${success.join('/')}: ${first.text.slice(0, 200)}`);
        } else {
          options.onAnswer?.(op, first, 'example request');
          fail('status', `example request answered ${first.status}; documented success: ${success.join(', ')}`);
        }
        return result;
      }
      if (!validate(first.status, first, 'example request')) return result;
      const ctx = {
        operationId: op.operationId,
        family: op.family,
        path: op.path,
        query: req.query,
        status: first.status,
        body: first.body,
        headers: first.headers,
        paramsDeclared: req.declaredDefaults,
      };
      for (const invariant of INVARIANTS) {
        result.checks++;
        const violations = invariant.check(ctx);
        if (violations.length) fail(invariant.name, `${invariant.rule}: ${violations[0]}`);
      }
      if (op.family === 'legacy') {
        const unit = legacyDateUnit(first.body);
        if (unit) observations.legacyDateUnits.add(unit);
      }

      const pagination = op.extensions['x-pagination'];
      if (pagination?.style === 'cursor') {
        if (first.body?.meta?.next_cursor) {
          const second = await send(req, {}, { ...req.query, [pagination.cursorParam]: first.body.meta.next_cursor });
          if (validate(second.status, second, 'second page')) {
            result.checks++;
            const violations = [...checkScan([first.body, second.body]), ...checkCompletenessMonotonic(first.body, second.body)];
            if (violations.length) fail('cursor-scan', `v1 4.1: ${violations[0]}`);
          }
        }
      }

      if (req.invalid && op.responses.some((r) => r.status === 400)) {
        const bad = structuredClone({ path: req.path, query: req.query });
        /** @type {Record<string, unknown>} */ (bad[req.invalid.location])[req.invalid.name] = 'NOT_A_MEMBER';
        const rejected = await send({ ...req, path: bad.path }, {}, bad.query);
        if (rejected.status !== 400)
          fail('status', `${req.invalid.location}.${req.invalid.name}=NOT_A_MEMBER answered ${rejected.status}, not the documented 400`);
        else validate(400, rejected, `invalid ${req.invalid.location}.${req.invalid.name}`);
      }
      if (kind === 'mock') {
        for (const response of op.responses.filter((r) => r.status >= 300)) {
          const forced = await send(req, { Prefer: `code=${response.status}` });
          if (forced.status !== response.status) fail('status', `Prefer: code=${response.status} answered ${forced.status}`);
          else validate(response.status, forced, `forced ${response.status}`);
        }
      } else if (op.responses.some((r) => r.status >= 300)) {
        result.notes.push(
          `402/429 not provoked against a live target (a 402 costs money, a 429 trips the limit)${req.invalid ? '; 400 provoked with an invalid value' : ''}`,
        );
      }
    } catch (error) {
      fail('transport', `${/** @type {any} */ (error)?.message ?? error}`);
    }
    return result;
  }

  /** @type {OperationResult[]} */
  const results = new Array(requests.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, requests.length) }, async () => {
      while (next < requests.length) {
        const i = next++;
        const request = /** @type {ContractRequest} i < requests.length */ (requests[i]);
        const started = performance.now();
        const result = await checkOne(request);
        result.durationMs = Math.round(performance.now() - started);
        results[i] = result;
        options.onResult?.(result, results.filter(Boolean).length, requests.length);
      }
    }),
  );
  return { results, observations: { legacyDateUnits: [...observations.legacyDateUnits] } };
}

/**
 * A readable summary: one line per operation, then the totals in the plain `N passed, N failed` form.
 * @param {{results: OperationResult[], observations?: Partial<ConformanceReport['observations']>}} report
 */
export function formatSummary({ results, observations }) {
  const lines = results.map((r) => {
    const mark = r.outcome === 'passed' ? 'PASS' : r.outcome === 'failed' ? 'FAIL' : 'SKIP';
    const detail = r.outcome === 'failed' ? `  [${r.failure.check}] ${r.failure.message}` : r.notes.length ? `  (${r.notes.join('; ')})` : '';
    return `${mark} ${r.operationId.padEnd(48)} ${r.method} ${r.path}${detail}`;
  });
  /** @param {Outcome} o */
  const count = (o) => results.filter((r) => r.outcome === o).length;
  // Undocumented fields never fail a run (the wire is additive) but are listed, one line per operation and field.
  const notices = results.flatMap((r) => (r.notices ?? []).map((n) => `NOTICE ${r.operationId.padEnd(46)} ${n}`));
  if (notices.length) lines.push(`notices (undocumented fields; never failures):`, ...notices);
  if (observations?.legacyDateUnits?.length) lines.push(`legacy \`date\` unit observed: ${observations.legacyDateUnits.join(', ')}`);
  lines.push(`conformance: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped, ${notices.length} notices`);
  return lines.join('\n');
}

/**
 * The media types a documented response declares (`content` keys); empty when it documents no body.
 * @param {OpenApiDocument} document  @param {Pick<OperationModel, 'path'|'method'>} op  @param {number} status
 * @returns {string[]}
 */
export function contentTypesOf(document, op, status) {
  return Object.keys(responseOf(document, op, status)?.content ?? {}).map((t) => t.toLowerCase());
}

/** @type {(header: string | null | undefined) => string} */
const mediaTypeOf = (header) => ((header ?? '').split(';')[0] ?? '').trim().toLowerCase();
/** @type {(type: string) => boolean} */
const isJson = (type) => type === 'application/json' || type.endsWith('+json');

/** JUnit XML for CI systems: one testcase per operation.  @param {{results: OperationResult[]}} report */
export function toJUnit({ results }, suiteName = 'laevitas-contract') {
  const failures = results.filter((r) => r.outcome === 'failed').length;
  const skipped = results.filter((r) => r.outcome === 'skipped').length;
  const cases = results.map((r) => {
    const inner =
      r.outcome === 'failed'
        ? `<failure type="${xml(r.failure.check)}" message="${xml(r.failure.message)}"/>`
        : r.outcome === 'skipped'
          ? `<skipped message="${xml(r.notes.join('; '))}"/>`
          : r.notes.length || r.notices?.length
            ? `<system-out>${xml([...r.notes, ...(r.notices ?? []).map((n) => `notice: ${n}`)].join('\n'))}</system-out>`
            : '';
    return `  <testcase classname="${xml(`${r.method} ${r.path}`)}" name="${xml(r.operationId)}">${inner}</testcase>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="${xml(suiteName)}" tests="${results.length}" failures="${failures}" skipped="${skipped}">\n${cases.join('\n')}\n</testsuite>\n`;
}
