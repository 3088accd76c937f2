// Which documented operation a request is for, matched from the bundled spec (spec-model's operationsOf), so the
// stateful stages (payments, credits, rate limit) can key on the operation. The front's own route-matching stage
// sets `ctx.op` the same way; this small matcher exists so the stages work in front of Prism today and can be
// replaced by that stage unchanged.
import { operationsOf } from '../spec-model.mjs';

const escape = (text) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

/**
 * @param {any} document the bundled OpenAPI document
 * @returns {(method: string, pathname: string) => {op: any, pathParams: Record<string, string>} | undefined}
 */
export function createRouteMatcher(document) {
  const routes = operationsOf(document).map((op) => {
    const names = [];
    const source = op.path
      .split('/')
      .map((segment) =>
        segment.replace(/\{([^}]+)\}|[^{]+/g, (part, name) => {
          if (!name) return escape(part);
          names.push(name);
          return '([^/]+)';
        }),
      )
      .join('/');
    // Literal templates first, so `/checkouts/{id}/pay` never loses to a looser template.
    return { op, names, pattern: new RegExp(`^${source}$`), literal: names.length === 0 };
  });
  routes.sort((a, b) => Number(b.literal) - Number(a.literal));
  return (method, pathname) => {
    const wanted = method.toLowerCase();
    for (const route of routes) {
      if (route.op.method !== wanted) continue;
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      const pathParams = Object.fromEntries(route.names.map((name, i) => [name, safeDecode(match[i + 1])]));
      return { op: route.op, pathParams };
    }
    return undefined;
  };
}

function safeDecode(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
