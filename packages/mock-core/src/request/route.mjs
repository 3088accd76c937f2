// Route matching: which documented operation a request is for, with its path parameters. An unknown path gets a 404
// in the NestJS shape the service answers (`Cannot GET /x`); an unknown query parameter is served but named in a
// `Warning` header, so a typo in a parameter name is visible instead of silently ignored.
import { badRequest, problem } from '../answer-shapes.mjs';

/**
 * @typedef {import('../stage.mjs').OperationModel} OperationModel
 * @typedef {{op: OperationModel, method: string, pattern: RegExp, names: string[], query: Set<string>}} Route
 */

/** @type {(s: string) => string} */
const escape = (s) => s.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

/** One matcher per operation, the most literal templates first so `/x/summary` beats `/x/{currency}`.  @param {OperationModel[]} operations  @returns {Route[]} */
export function compileRoutes(operations) {
  return operations
    .map((op) => {
      /** @type {string[]} */
      const names = [];
      const source = op.path
        .split('/')
        .map((segment) => {
          const m = /^\{([^}]+)\}$/.exec(segment);
          if (!m) return escape(segment);
          names.push(/** @type {string} the group always takes part */ (m[1]));
          return '([^/]+)';
        })
        .join('/');
      return {
        op,
        method: op.method.toUpperCase(),
        pattern: new RegExp(`^${source}$`),
        names,
        query: new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name)),
      };
    })
    .sort((a, b) => a.names.length - b.names.length);
}

/**
 * @param {Route[]} routes  @param {string} method  @param {string} pathname
 * @returns {{route: Route, pathParams: Record<string, string>, malformed?: undefined} | {route: Route, malformed: string, pathParams?: undefined} | undefined}
 *   `malformed` names the path parameter whose escape does not decode
 */
export function matchRoute(routes, method, pathname) {
  for (const route of routes) {
    if (route.method !== method && !(method === 'HEAD' && route.method === 'GET' && !routes.some((r) => r.method === 'HEAD' && r.pattern.test(pathname))))
      continue;
    const m = route.pattern.exec(pathname);
    if (!m) continue;
    /** @type {Record<string, string>} */
    const pathParams = {};
    for (const [i, name] of route.names.entries()) {
      try {
        pathParams[name] = decodeURIComponent(m[i + 1] ?? '');
      } catch {
        return { route, malformed: name };
      }
    }
    return { route, pathParams };
  }
  return undefined;
}

const MATCH_CACHE_SIZE = 10_000;

/** The mock's own control routes (`/__mock/…`) belong to later stages, never to the spec. */
const CONTROL = /^\/__mock(\/|$)/;

/** Stage: sets ctx.op, ctx.family, ctx.pathParams, ctx.query; 404 for a path no operation documents.  @param {OperationModel[]} operations  @returns {import('../stage.mjs').Stage} */
export function routeStage(operations) {
  const routes = compileRoutes(operations);
  /** @type {Map<string, ReturnType<typeof matchRoute> | null>} method and path → match (null: none), bounded: most clients repeat a few paths */
  const matches = new Map();
  /** @param {string} method  @param {string} pathname */
  const matchOf = (method, pathname) => {
    const key = `${method} ${pathname}`;
    let found = matches.get(key);
    if (found === undefined) {
      // Matching walks the operations' patterns one by one; a repeated path is one lookup.
      found = matchRoute(routes, method, pathname) ?? null;
      if (matches.size >= MATCH_CACHE_SIZE) matches.clear();
      matches.set(key, found);
    }
    return found ?? undefined;
  };
  /** @type {import('../stage.mjs').Stage} */
  const stage = function route(ctx) {
    if (CONTROL.test(ctx.url.pathname)) return undefined;
    const found = matchOf(ctx.method, ctx.url.pathname);
    if (!found) {
      // NestJS's own answer for a route it does not know; the spec documents no 404 for these paths.
      return problem(404, 'Not Found', `Cannot ${ctx.method} ${ctx.url.pathname}`);
    }
    // The guard stage refuses malformed escapes first; this keeps the front's answer a 400 naming the parameter without it.
    if (found.malformed) return badRequest(found.route.op.family, [`${found.malformed} must be a valid percent-encoded path segment`]);
    ctx.op = found.route.op;
    ctx.family = found.route.op.family;
    ctx.pathParams = { ...found.pathParams }; // a copy: the match is kept for the next request of this path
    // Only documented parameters reach validation and synthesis (a repeated one: its last value); an unknown one is
    // ignored, as the header says, named once in the order first sent.
    /** @type {Record<string, string>} */
    const query = {};
    /** @type {string[]} */
    const unknown = [];
    for (const [name, value] of ctx.url.searchParams) {
      if (found.route.query.has(name)) query[name] = value;
      else if (!unknown.includes(name)) unknown.push(name);
    }
    ctx.query = query;
    if (unknown.length) {
      ctx.unknownQuery = unknown;
      ctx.extraHeaders.warning = `299 laevitas-mock "unknown query parameter${unknown.length > 1 ? 's' : ''} ignored: ${unknown.join(', ')}"`;
    }
    return undefined;
  };
  // The runner picks the stages after this one by the operation it sets.
  stage.selectsOperation = true;
  return stage;
}
