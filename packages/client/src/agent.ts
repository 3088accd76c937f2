// `@laevitas-api/client/agent`: the agent endpoint POST /api/v1/mcp through the official MCP SDK (Streamable HTTP
// client transport). Every sign-in the endpoint's page documents: an API key (the `apikey` header it prefers,
// `x-api-key`, or the `apiKey` query parameter), the OAuth 2.1 sign-in (the SDK's own auth helpers and provider: RFC
// 9728/8414 discovery, PKCE S256, refresh), a Bearer token obtained elsewhere, a prepaid credit token
// (`x-credit-token`), an x402 payment (a paying `fetch`), or nothing for the free methods. A 402 (a billed `tools/call`
// without credits) is thrown as the client's PaymentRequiredError carrying the JSON-RPC error body and the x402
// `payment-required` header; every other non-2xx answer as the matching APIError subclass.
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { APIError } from './errors.js';
import type { X402Payer } from './internal/payments/payer.js';
import { redactUrl } from './internal/url.js';

/** The Accept value the operation requires (`x-required-accept` on postMcp); a narrower one gets 406. */
export const AGENT_ACCEPT = 'application/json, text/event-stream';
export const AGENT_PATH = '/api/v1/mcp';

export interface AgentOptions {
  /** Full endpoint URL. Default `v2BaseUrl` + /api/v1/mcp. */
  url?: string;
  /** Default https://apiv2.laevitas.ch. */
  v2BaseUrl?: string | undefined;
  /** API key; default the LAEVITAS_API_KEY environment variable where there is one. */
  apiKey?: string | undefined;
  /**
   * Where the key goes: the `apikey` header (default, the one the endpoint prefers), `x-api-key`, or the `apiKey`
   * query parameter (accepted, but a URL ends up in logs: use it only where headers cannot be set).
   */
  apiKeyIn?: 'apikey' | 'x-api-key' | 'query';
  /** Bearer access token from the endpoint's OAuth 2.1 sign-in, obtained elsewhere (see `oauth` to sign in here). */
  bearerToken?: string | undefined;
  /**
   * OAuth 2.1 sign-in through the MCP SDK: its `OAuthClientProvider` (ours: `createAgentOAuthProvider`) holds the
   * client id, tokens and PKCE verifier; the transport sends its access token and refreshes it on 401. Sign in first
   * with `authorizeAgent`.
   */
  oauth?: OAuthClientProvider | undefined;
  /** Prepaid credit token (`x-credit-token`); each `tools/call` spends one credit. */
  creditToken?: string | undefined;
  /**
   * Pays a billed `tools/call` with x402 (USDC on Base or Solana) when there is no other credential: the 402 is
   * answered with a signed payment once, and the credit token the paid answer carries (99 prepaid credits) is sent on
   * later calls. Build it with `x402Payer` over the x402 library, as for the REST client.
   */
  payer?: X402Payer | undefined;
  /** Injected fetch (tests, proxies). Default globalThis.fetch. */
  fetch?: typeof fetch;
  /** Name and version this client reports in `initialize`. */
  clientInfo?: { name: string; version: string };
}

const env = (name: string): string | undefined => (typeof process !== 'undefined' ? process.env?.[name] : undefined);

/** The caller's API key: given, or from the environment unless another credential was given. */
const keyOf = (options: AgentOptions): string | undefined =>
  options.apiKey ?? (options.creditToken || options.bearerToken || options.oauth ? undefined : env('LAEVITAS_API_KEY'));

/** The headers carrying the caller's credential; exactly one kind, the strongest given first (OAuth's own header is the SDK's). */
export function agentHeaders(options: AgentOptions): Record<string, string> {
  if (options.oauth) return {};
  if (options.bearerToken) return { authorization: `Bearer ${options.bearerToken}` };
  const apiKey = keyOf(options);
  if (apiKey && options.apiKeyIn !== 'query') return { [options.apiKeyIn ?? 'apikey']: apiKey };
  if (!apiKey && options.creditToken) return { 'x-credit-token': options.creditToken };
  return {};
}

/** The endpoint URL, with the key in its query when `apiKeyIn: 'query'`. */
export function agentUrl(options: AgentOptions): string {
  const url = new URL(options.url ?? `${(options.v2BaseUrl ?? 'https://apiv2.laevitas.ch').replace(/\/+$/, '')}${AGENT_PATH}`);
  const apiKey = keyOf(options);
  if (options.apiKeyIn === 'query' && apiKey && !options.bearerToken && !options.oauth) url.searchParams.set('apiKey', apiKey);
  return url.href;
}

/** A session with the agent endpoint: `listTools`, `callTool`, the remaining credits, `close`. */
export class LaevitasAgent {
  /** The MCP SDK client underneath, for anything this wrapper does not cover. */
  readonly client: Client;
  /** `x-credits-remaining` of the last answer that carried it. */
  creditsRemaining: number | undefined;
  /** `x-credit-token` of the last answer that carried one: after a paid call, the token holding the credits it bought. */
  creditToken: string | undefined;
  private readonly transport: StreamableHTTPClientTransport;

  constructor(
    readonly url: string,
    options: AgentOptions = {},
  ) {
    const baseFetch = options.fetch ?? globalThis.fetch;
    const credentials = agentHeaders(options);
    const endpoint = new URL(url);
    const wrapped = async (input: string | URL, init?: RequestInit): Promise<Response> => {
      const target = new URL(String(input));
      // The SDK's OAuth requests (discovery, token) go elsewhere and keep their own headers and statuses.
      const toEndpoint = target.origin === endpoint.origin && target.pathname === endpoint.pathname;
      if (!toEndpoint) return baseFetch(input, init);
      const headers = new Headers(init?.headers);
      for (const [name, value] of Object.entries(credentials)) headers.set(name, value);
      // Credits bought by an earlier paid call, when no other credential was given.
      if (!Object.keys(credentials).length && this.creditToken && options.payer) headers.set('x-credit-token', this.creditToken);
      const isPost = (init?.method ?? 'GET').toUpperCase() === 'POST';
      if (isPost) headers.set('accept', AGENT_ACCEPT);
      let response = await baseFetch(input, { ...init, headers });
      if (response.status === 402 && isPost && options.payer) {
        const body: unknown = await response
          .clone()
          .json()
          .catch(() => undefined);
        const signed = await options.payer.sign(options.payer.requirements((name) => response.headers.get(name), body));
        headers.delete('x-credit-token');
        for (const [name, value] of Object.entries(signed.headers)) headers.set(name, value);
        response = await baseFetch(input, { ...init, headers });
      }
      const remaining = response.headers.get('x-credits-remaining');
      if (remaining !== null && /^\d+$/.test(remaining)) this.creditsRemaining = Number(remaining);
      const token = response.headers.get('x-credit-token');
      if (token) this.creditToken = token;
      // A 401 under OAuth is the SDK's to answer (refresh, or a new sign-in); only POSTs carry messages, and the SDK's
      // optional SSE GET handles its own statuses (405 = no stream offered).
      if (!response.ok && isPost && !(options.oauth && response.status === 401)) throw await asApiError(response, redactUrl(String(input)));
      return response;
    };
    this.transport = new StreamableHTTPClientTransport(endpoint, { fetch: wrapped, ...(options.oauth ? { authProvider: options.oauth } : {}) });
    this.client = new Client(options.clientInfo ?? { name: '@laevitas-api/client', version: '1.33.0' });
  }

  /** @internal */
  async connect(): Promise<this> {
    await this.client.connect(this.transport);
    return this;
  }

  listTools(cursor?: string): Promise<ListToolsResult> {
    return this.client.listTools(cursor === undefined ? undefined : { cursor });
  }

  /** Calls a tool (1 credit). The result's `isError` is the tool's own failure; HTTP failures throw APIError subclasses. */
  callTool(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
    return this.client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

async function asApiError(response: Response, url: string): Promise<APIError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return APIError.from(response.status, body, response.headers, { method: 'POST', url, operationId: 'postMcp' });
}

/** Opens a session (sends `initialize` and `notifications/initialized`) with the agent endpoint. */
export async function connectAgent(options: AgentOptions = {}): Promise<LaevitasAgent> {
  return new LaevitasAgent(agentUrl(options), options).connect();
}

/**
 * The OAuth 2.1 sign-in with the SDK's `auth`: discovers the authorization server (RFC 9728, then RFC 8414), and
 * either exchanges `authorizationCode` (with the provider's PKCE verifier) for tokens, giving 'AUTHORIZED', or starts
 * the sign-in: the provider's `redirectToAuthorization` gets the authorize URL (PKCE S256), giving 'REDIRECT'. Call
 * again with the code the redirect URI received.
 */
export function authorizeAgent(options: AgentOptions & { oauth: OAuthClientProvider }, authorizationCode?: string): Promise<'AUTHORIZED' | 'REDIRECT'> {
  return auth(options.oauth, {
    serverUrl: agentUrl(options),
    ...(authorizationCode === undefined ? {} : { authorizationCode }),
    ...(options.fetch ? { fetchFn: options.fetch } : {}),
  });
}

export { createAgentOAuthProvider, type AgentOAuthOptions, type AgentOAuthProvider } from './agent-oauth.js';
export type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
export type { X402Payer } from './internal/payments/payer.js';
