// `@laevitas-api/client/agent`: the agent endpoint POST /api/v1/mcp through the official MCP SDK (Streamable HTTP
// client transport). Credentials: an API key (`x-api-key`), the endpoint's OAuth Bearer token, or a prepaid credit
// token (`x-credit-token`). A 402 (a billed `tools/call` without credits) is thrown as the client's
// PaymentRequiredError carrying the JSON-RPC error body and the x402 `payment-required` header; every other
// non-2xx answer as the matching APIError subclass.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { APIError } from './errors.js';
import { redactUrl } from './internal/url.js';

/** The Accept value the operation requires (`x-required-accept` on postMcp); a narrower one gets 406. */
export const AGENT_ACCEPT = 'application/json, text/event-stream';
export const AGENT_PATH = '/api/v1/mcp';

export interface AgentOptions {
  /** Full endpoint URL. Default `v2BaseUrl` + /api/v1/mcp. */
  url?: string;
  /** Default https://apiv2.laevitas.ch. */
  v2BaseUrl?: string | undefined;
  /** API key (sent as `x-api-key`); default the LAEVITAS_API_KEY environment variable where there is one. */
  apiKey?: string | undefined;
  /** Bearer JWT from the endpoint's OAuth 2.1 flow. */
  bearerToken?: string | undefined;
  /** Prepaid credit token (`x-credit-token`); each `tools/call` spends one credit. */
  creditToken?: string | undefined;
  /** Injected fetch (x402 payment wrappers, tests). Default globalThis.fetch. */
  fetch?: typeof fetch;
  /** Name and version this client reports in `initialize`. */
  clientInfo?: { name: string; version: string };
}

const env = (name: string): string | undefined => (typeof process !== 'undefined' ? process.env?.[name] : undefined);

/** The headers carrying the caller's credential; exactly one kind, the strongest given first. */
export function agentHeaders(options: AgentOptions): Record<string, string> {
  if (options.bearerToken) return { authorization: `Bearer ${options.bearerToken}` };
  const apiKey = options.apiKey ?? (options.creditToken ? undefined : env('LAEVITAS_API_KEY'));
  if (apiKey) return { 'x-api-key': apiKey };
  if (options.creditToken) return { 'x-credit-token': options.creditToken };
  return {};
}

/** A session with the agent endpoint: `listTools`, `callTool`, the remaining credits, `close`. */
export class LaevitasAgent {
  /** The MCP SDK client underneath, for anything this wrapper does not cover. */
  readonly client: Client;
  /** `x-credits-remaining` of the last answer that carried it. */
  creditsRemaining: number | undefined;
  private readonly transport: StreamableHTTPClientTransport;

  constructor(
    readonly url: string,
    options: AgentOptions = {},
  ) {
    const baseFetch = options.fetch ?? globalThis.fetch;
    const credentials = agentHeaders(options);
    const wrapped = async (input: string | URL, init?: RequestInit): Promise<Response> => {
      const headers = new Headers(init?.headers);
      for (const [name, value] of Object.entries(credentials)) headers.set(name, value);
      if ((init?.method ?? 'GET').toUpperCase() === 'POST') headers.set('accept', AGENT_ACCEPT);
      const response = await baseFetch(input, { ...init, headers });
      const remaining = response.headers.get('x-credits-remaining');
      if (remaining !== null && /^\d+$/.test(remaining)) this.creditsRemaining = Number(remaining);
      // Only POSTs carry messages; the SDK's optional SSE GET handles its own statuses (405 = no stream offered).
      if (!response.ok && (init?.method ?? 'GET').toUpperCase() === 'POST') throw await asApiError(response, String(input));
      return response;
    };
    this.transport = new StreamableHTTPClientTransport(new URL(url), { fetch: wrapped });
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
  return APIError.from(response.status, body, response.headers, { method: 'POST', url: redactUrl(url), operationId: 'postMcp' });
}

/** Opens a session (sends `initialize` and `notifications/initialized`) with the agent endpoint. */
export async function connectAgent(options: AgentOptions = {}): Promise<LaevitasAgent> {
  const url = options.url ?? `${(options.v2BaseUrl ?? 'https://apiv2.laevitas.ch').replace(/\/+$/, '')}${AGENT_PATH}`;
  return new LaevitasAgent(url, options).connect();
}
