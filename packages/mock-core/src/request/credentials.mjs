// Credentials: a request must satisfy one of its operation's security alternatives (an API key in `apiKey` or
// `X-API-Key`, a credit token, a payment signature, a Bearer token on the agent endpoint), or it gets the family's
// documented 401. Prism checked this when it answered every request; the front answers most of them itself now, so it
// checks it too. Only presence is checked: the mock accepts any key.
import { unauthorized } from '../answer-shapes.mjs';
import { forOperations } from '../stage.mjs';

/**
 * @param {any} scheme an OpenAPI security scheme object of the bundle
 * @returns {(headers: Record<string, string>) => boolean} whether one scheme is present in the request
 */
function presenceOf(scheme) {
  if (scheme?.type === 'apiKey' && scheme.in === 'header') {
    const name = scheme.name.toLowerCase();
    return (headers) => Boolean(headers[name]);
  }
  if (scheme?.type === 'http' && scheme.scheme === 'bearer') return (headers) => /^Bearer\s+\S/i.test(headers.authorization ?? '');
  return () => false;
}

/**
 * Stage: 401 when no security alternative of the matched operation is present.
 * @param {import('../stage.mjs').OpenApiDocument} document  @returns {import('../stage.mjs').Stage}
 */
export function credentialsStage(document) {
  const schemes = Object.fromEntries(Object.entries(document.components?.securitySchemes ?? {}).map(([name, s]) => [name, presenceOf(s)]));
  return forOperations(
    function credentials(/** @type {import('../stage.mjs').Context} */ ctx) {
      const alternatives = ctx.op?.security ?? [];
      if (!alternatives.length) return undefined;
      const satisfied = alternatives.some((/** @type {Record<string, string[]>} */ alternative) =>
        Object.keys(alternative).every((name) => schemes[name]?.(ctx.headers)),
      );
      return satisfied ? undefined : unauthorized(ctx.family);
    },
    (op) => (op?.security ?? []).length > 0,
  );
}
