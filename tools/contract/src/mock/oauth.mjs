// The agent endpoint's OAuth 2.1 sign-in, small enough to run end to end on loopback: the discovery documents (RFC 9728
// protected-resource metadata, RFC 8414 authorization-server metadata) and an authorization server with the
// authorization code grant, PKCE S256 required (RFC 7636) and refresh tokens. The vendor's login page asks the user for
// their API key once; here the authorize request carries it in the `apikey` or `x-api-key` header, as a browser form
// post would carry it. The service publishes neither the authorize nor the token path (clients read them from the
// metadata), so the mock's own `/oauth/authorize` and `/oauth/token` stand in for them. Server only (node:crypto).
import { createHash, randomBytes } from 'node:crypto';
import { json } from '@laevitas-api/mock-core/answer-shapes';
import { hasApiKey, hostOf, preferForced } from '@laevitas-api/mock-core/state/payments';

const AGENT_PATH = '/api/v1/mcp';
const TOKEN_SECONDS = 3600; // "Token lifetime 1 hour (auto-refreshes)" on the agent endpoint's page
const CODE_MS = 60_000;
const FORM_BYTES = 8 * 1024;

/** base64url of SHA-256, the S256 code challenge of a verifier (RFC 7636 section 4.2).  @param {string} verifier */
export const s256 = (verifier) => createHash('sha256').update(verifier).digest('base64url');
const opaque = () => randomBytes(24).toString('base64url');

/** @param {string} error  @param {string} description  @param {number} [status] */
const oauthError = (error, description, status = 400) => json(status, { error, error_description: description }, { 'cache-control': 'no-store' });

/**
 * The stage: answers the discovery documents and the authorization server's two endpoints; anything else passes on.
 * `issued(token)` tells whether a Bearer token came from this server and is still valid.
 * @param {{now?: () => number}} [options]
 */
export function createOAuthStage({ now = Date.now } = {}) {
  /** @type {Map<string, {clientId: string, redirectUri: string, challenge: string, expires: number}>} */
  const codes = new Map();
  /** @type {Map<string, {clientId: string, expires: number}>} */
  const accessTokens = new Map();
  /** @type {Map<string, {clientId: string}>} */
  const refreshTokens = new Map();

  /** @param {string} clientId */
  const grant = (clientId) => {
    const access = opaque();
    const refresh = opaque();
    accessTokens.set(access, { clientId, expires: now() + TOKEN_SECONDS * 1000 });
    refreshTokens.set(refresh, { clientId });
    return json(200, { access_token: access, token_type: 'Bearer', expires_in: TOKEN_SECONDS, refresh_token: refresh }, { 'cache-control': 'no-store' });
  };

  /** @param {any} ctx  @param {string} origin */
  function authorize(ctx, origin) {
    const q = ctx.url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    const clientId = q.get('client_id') ?? '';
    if (q.get('response_type') !== 'code') return oauthError('unsupported_response_type', 'response_type must be code');
    if (!clientId) return oauthError('invalid_request', 'client_id is required (a pre-registered public client)');
    if (!/^https?:\/\//.test(redirectUri)) return oauthError('invalid_request', 'redirect_uri must be an absolute http(s) URL');
    if (q.get('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(q.get('code_challenge') ?? ''))
      return oauthError('invalid_request', 'PKCE is required: code_challenge (43 base64url characters) with code_challenge_method S256');
    const resource = q.get('resource');
    if (resource && resource !== `${origin}${AGENT_PATH}`) return oauthError('invalid_target', `resource must be ${origin}${AGENT_PATH}`);
    // The vendor's login page: the user enters their API key once.
    if (!hasApiKey(ctx.headers)) return json(401, { error: 'unauthorized', message: 'Enter your Laevitas API key to authorize this client' });
    const code = opaque();
    codes.set(code, { clientId, redirectUri, challenge: /** @type {string} */ (q.get('code_challenge')), expires: now() + CODE_MS });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    const state = q.get('state');
    if (state !== null) target.searchParams.set('state', state);
    return { status: 302, headers: { location: target.href, 'cache-control': 'no-store' }, body: '' };
  }

  /** @param {any} ctx */
  function token(ctx) {
    // This stage runs before the mock's guard (which admits JSON bodies only), so it bounds its own body.
    if ((ctx.body?.length ?? 0) > FORM_BYTES) return oauthError('invalid_request', `the form body is larger than ${FORM_BYTES} bytes`, 413);
    if (!/^application\/x-www-form-urlencoded\b/i.test(ctx.headers['content-type'] ?? ''))
      return oauthError('invalid_request', 'the token request is an application/x-www-form-urlencoded form');
    const form = new URLSearchParams(ctx.body?.length ? ctx.body.toString('utf8') : '');
    const type = form.get('grant_type');
    if (type === 'refresh_token') {
      const held = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!held) return oauthError('invalid_grant', 'refresh_token is not valid');
      refreshTokens.delete(/** @type {string} */ (form.get('refresh_token')));
      return grant(held.clientId);
    }
    if (type !== 'authorization_code') return oauthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
    const code = form.get('code') ?? '';
    const pending = codes.get(code);
    codes.delete(code); // single use, whatever the outcome
    if (!pending || pending.expires < now()) return oauthError('invalid_grant', 'code is not valid or has expired');
    if (form.get('client_id') !== pending.clientId || form.get('redirect_uri') !== pending.redirectUri)
      return oauthError('invalid_grant', 'client_id and redirect_uri must match the authorization request');
    if (s256(form.get('code_verifier') ?? '') !== pending.challenge)
      return oauthError('invalid_grant', 'code_verifier does not match the code_challenge (S256)');
    return grant(pending.clientId);
  }

  /** @param {import('@laevitas-api/mock-core/stage').Context} ctx  @returns {import('@laevitas-api/mock-core/stage').Answer | undefined} */
  function stage(ctx) {
    // `Prefer: code=N` asks for the documented answer of the discovery operations; the prefer stage gives it.
    if (preferForced(ctx.headers)) return undefined;
    const origin = `http://${hostOf(ctx)}`;
    const path = ctx.url.pathname;
    if (ctx.method === 'GET' && (path === '/.well-known/oauth-protected-resource' || path === `/.well-known/oauth-protected-resource${AGENT_PATH}`)) {
      return json(200, { resource: `${origin}${AGENT_PATH}`, authorization_servers: [origin], bearer_methods_supported: ['header'] });
    }
    if (ctx.method === 'GET' && path === '/.well-known/oauth-authorization-server') {
      return json(200, {
        issuer: origin,
        authorization_endpoint: `${origin}/oauth/authorize`,
        token_endpoint: `${origin}/oauth/token`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
      });
    }
    if (ctx.method === 'GET' && path === '/oauth/authorize') return authorize(ctx, origin);
    if (ctx.method === 'POST' && path === '/oauth/token') return token(ctx);
    return undefined;
  }

  /** @param {string} value */
  const issued = (value) => {
    const held = accessTokens.get(value);
    return Boolean(held && held.expires >= now());
  };
  return { stage, issued };
}
