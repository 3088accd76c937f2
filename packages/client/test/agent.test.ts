// The agent helper (@laevitas-api/client/agent, the official MCP SDK's Streamable HTTP client) against the mock's
// agent endpoint (tools/contract, front on a free port): initialize, tools/list and tools/call with each kind of
// credential, and a spent credit balance surfacing as the client's PaymentRequiredError with the JSON-RPC body.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { AGENT_ACCEPT, agentHeaders, authorizeAgent, connectAgent, createAgentOAuthProvider } from '../src/agent.js';
import { testWallet } from './x402-wallet.js';
import { AuthenticationError, PaymentRequiredError } from '../src/errors.js';
// @ts-expect-error plain ESM module of the contract tools
import { startMock } from '@laevitas-api/contract/mock';
import { mockPerFile } from '@laevitas-api/test-support';

// The no-credential cases must not pick up a key from the environment.
delete process.env.LAEVITAS_API_KEY;

const { mock }: { mock: { url: string; state: { charges: unknown[] } } } = mockPerFile(startMock);

const WALLET = '0x857b06519E91e3A54538791bDbb0E22373e36b66';
/** A credit token holding `credits` credits, through the mock's challenge and redemption routes. */
async function creditToken(credits: number): Promise<string> {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(mock.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const challenge = (await (await post('/api/v1/x402/credit-token/challenge', { chain_id: 'eip155:8453', address: WALLET })).json()) as { info: object };
  const redeemed = await post(
    '/api/v1/x402/credit-token',
    { ...challenge.info, address: WALLET, chainId: 'eip155:8453', type: 'eip191', signature: `0x${'ab'.repeat(65)}` },
    { 'x-mock-credits': String(credits) },
  );
  const token = redeemed.headers.get('x-credit-token');
  if (!token) throw new Error(`no credit token: ${redeemed.status} ${await redeemed.text()}`);
  return token;
}

describe('agent endpoint through the MCP SDK', () => {
  it('the Accept it sends is the one the spec requires (x-required-accept on postMcp)', () => {
    const spec = JSON.parse(readFileSync(new URL('../../../spec/dist/openapi.json', import.meta.url), 'utf8'));
    const operation = Object.values(spec.paths as Record<string, any>)
      .flatMap((item) => Object.values(item))
      .find((op: any) => op?.operationId === 'postMcp') as any;
    expect(operation['x-required-accept']).toBe(AGENT_ACCEPT);
  });

  it('with an API key: initialize, tools/list and tools/call', async () => {
    const seen: Headers[] = [];
    const agent = await connectAgent({
      v2BaseUrl: mock.url,
      apiKey: 'k',
      fetch: (input, init) => (seen.push(new Headers(init?.headers)), fetch(input, init)),
    });
    expect(agent.client.getServerVersion()?.name).toBeTruthy();
    const tools = await agent.listTools();
    expect(tools.tools.length).toBeGreaterThan(0);
    const result = await agent.callTool(tools.tools[0]!.name, {});
    expect(result.content).toBeDefined();
    const posts = seen.filter((h) => h.get('content-type') === 'application/json');
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const headers of posts) {
      expect(headers.get('accept')).toBe(AGENT_ACCEPT);
      expect(headers.get('apikey')).toBe('k'); // the header the endpoint's page prefers
    }
    expect(mock.state.charges).toHaveLength(0); // a key is not billed
    await agent.close();
  });

  it('with a Bearer token: tools/call is not billed', async () => {
    const agent = await connectAgent({ v2BaseUrl: mock.url, bearerToken: 'jwt.from.oauth' });
    const result = await agent.callTool('any', {});
    expect(result.isError).not.toBe(true);
    await agent.close();
  });

  it('with a credit token: free methods cost nothing, each tools/call one credit; a spent balance is a PaymentRequiredError with the JSON-RPC body', async () => {
    const token = await creditToken(2);
    const agent = await connectAgent({ v2BaseUrl: mock.url, creditToken: token, apiKey: undefined });
    await agent.listTools();
    expect(agent.creditsRemaining).toBeUndefined();
    await agent.callTool('any');
    expect(agent.creditsRemaining).toBe(1);
    await agent.callTool('any');
    expect(agent.creditsRemaining).toBe(0);
    const error = await agent.callTool('any').catch((e) => e);
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect(error.status).toBe(402);
    expect(error.body).toEqual({ jsonrpc: '2.0', id: expect.anything(), error: { code: 402, message: 'no_credits' } });
    expect(error.request).toMatchObject({ method: 'POST', operationId: 'postMcp' });
    expect(error.requirements?.accepts.length).toBeGreaterThan(0); // the x402 quote to buy more
    await agent.close();
  });

  it('without any credential a billed call is a PaymentRequiredError; initialize stays free', async () => {
    const agent = await connectAgent({ v2BaseUrl: mock.url, apiKey: undefined });
    await expect(agent.callTool('any')).rejects.toBeInstanceOf(PaymentRequiredError);
    await agent.close();
  });

  it('credential headers: one kind, Bearer over key over credit token', () => {
    expect(agentHeaders({ bearerToken: 't', apiKey: 'k' })).toEqual({ authorization: 'Bearer t' });
    expect(agentHeaders({ apiKey: 'k', creditToken: 'c' })).toEqual({ apikey: 'k' });
    expect(agentHeaders({ apiKey: 'k', apiKeyIn: 'x-api-key' })).toEqual({ 'x-api-key': 'k' });
    expect(agentHeaders({ apiKey: 'k', apiKeyIn: 'query' })).toEqual({});
    expect(agentHeaders({ creditToken: 'c' })).toEqual({ 'x-credit-token': 'c' });
  });

  it('other HTTP failures are the matching APIError subclass', async () => {
    const refusing = (async () =>
      new Response(JSON.stringify({ error: 'unauthorized', message: 'bad key' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    await expect(connectAgent({ url: `${mock.url}/api/v1/mcp`, apiKey: 'x', fetch: refusing })).rejects.toBeInstanceOf(AuthenticationError);
  });
});

describe('every sign-in the agent endpoint documents, against the mock', () => {
  /** Every request the agent sent, with its URL and headers. */
  const recorder = () => {
    const seen: { url: URL; headers: Headers }[] = [];
    const fetchFn = ((input: string | URL, init?: RequestInit) => {
      seen.push({ url: new URL(String(input)), headers: new Headers(init?.headers) });
      return fetch(input, init);
    }) as typeof fetch;
    return { seen, fetchFn, posts: () => seen.filter((r) => r.url.pathname === '/api/v1/mcp' && r.headers.get('content-type') === 'application/json') };
  };

  /** A key sent the given way reaches the endpoint on every message, and a tools/call with it is served, not billed. */
  async function keyed(apiKeyIn: 'x-api-key' | 'query' | undefined, keyOf: (r: { url: URL; headers: Headers }) => string | null) {
    const { fetchFn, posts } = recorder();
    const agent = await connectAgent({ v2BaseUrl: mock.url, apiKey: 'k', ...(apiKeyIn ? { apiKeyIn } : {}), fetch: fetchFn });
    expect((await agent.callTool('get_futures_catalog', { exchange: 'deribit' })).isError).not.toBe(true);
    expect(posts().length).toBeGreaterThan(0);
    for (const request of posts()) expect(keyOf(request)).toBe('k');
    expect(mock.state.charges).toHaveLength(0);
    await agent.close();
  }
  it('API key in the apikey header (the default, which the page prefers): tools/call served, not billed', () =>
    keyed(undefined, (r) => r.headers.get('apikey')));
  it('API key in the x-api-key header: tools/call served, not billed', () => keyed('x-api-key', (r) => r.headers.get('x-api-key')));
  it('API key in the apiKey query parameter: tools/call served, not billed', () => keyed('query', (r) => r.url.searchParams.get('apiKey')));

  it('OAuth 2.1 through the MCP SDK: discovery (RFC 9728, RFC 8414), PKCE S256, code exchange; calls carry the issued token', async () => {
    let code = '';
    const oauth = createAgentOAuthProvider({
      clientId: 'client-registered-for-tests',
      redirectUrl: 'http://127.0.0.1/callback',
      // The user enters their API key on the login page; the server redirects back with the code.
      onAuthorizationUrl: async (url) => {
        const login = await fetch(url, { headers: { apikey: 'k' }, redirect: 'manual' });
        expect(login.status).toBe(302);
        code = new URL(login.headers.get('location')!).searchParams.get('code')!;
      },
    });
    expect(await authorizeAgent({ v2BaseUrl: mock.url, oauth })).toBe('REDIRECT');
    const asked = oauth.authorizationUrl!;
    expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
    expect(asked.searchParams.get('client_id')).toBe('client-registered-for-tests');
    expect(asked.pathname).toBe('/oauth/authorize'); // from the authorization-server metadata, not hard-coded
    expect(await authorizeAgent({ v2BaseUrl: mock.url, oauth }, code)).toBe('AUTHORIZED');
    const tokens = await oauth.tokens();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });

    const { fetchFn, posts } = recorder();
    const agent = await connectAgent({ v2BaseUrl: mock.url, oauth, apiKey: undefined, fetch: fetchFn });
    expect((await agent.callTool('get_options_catalog', {})).isError).not.toBe(true);
    for (const request of posts()) expect(request.headers.get('authorization')).toBe(`Bearer ${tokens!.access_token}`);
    expect(mock.state.charges).toHaveLength(0);
    await agent.close();
  });

  it("the mock's authorization server holds PKCE: a code exchanged with the wrong verifier, or asked for without S256, is refused", async () => {
    let code = '';
    const oauth = createAgentOAuthProvider({
      clientId: 'c',
      redirectUrl: 'http://127.0.0.1/callback',
      onAuthorizationUrl: async (url) => {
        code = new URL((await fetch(url, { headers: { 'x-api-key': 'k' }, redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;
      },
    });
    await authorizeAgent({ v2BaseUrl: mock.url, oauth });
    const exchange = await fetch(`${mock.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: 'not-the-verifier-'.repeat(3),
        client_id: 'c',
        redirect_uri: 'http://127.0.0.1/callback',
      }),
    });
    expect(exchange.status).toBe(400);
    expect(await exchange.json()).toMatchObject({ error: 'invalid_grant' });
    const plain = new URL(oauth.authorizationUrl!);
    plain.searchParams.set('code_challenge_method', 'plain');
    expect((await fetch(plain, { headers: { apikey: 'k' }, redirect: 'manual' })).status).toBe(400);
  });

  it('x402 pay per call: the first tools/call is paid once, its answer carries a credit token with 99 credits, later calls spend them', async () => {
    const wallet = testWallet();
    const { fetchFn, posts } = recorder();
    const agent = await connectAgent({ v2BaseUrl: mock.url, apiKey: undefined, payer: wallet.payer, fetch: fetchFn });
    await agent.listTools(); // free: no payment
    expect(wallet.signed()).toBe(0);
    await agent.callTool('get_futures_metadata', { exchange: 'deribit', instrument_name: 'BTC-26JUN26' });
    expect(wallet.signed()).toBe(1);
    expect(agent.creditToken).toBeTruthy();
    expect(agent.creditsRemaining).toBe(99);
    await agent.callTool('get_futures_metadata', { exchange: 'deribit', instrument_name: 'BTC-26JUN26' });
    expect(wallet.signed()).toBe(1); // spent a credit, no second payment
    expect(agent.creditsRemaining).toBe(98);
    expect(posts().at(-1)!.headers.get('x-credit-token')).toBe(agent.creditToken);
    expect(mock.state.charges).toHaveLength(1);
    await agent.close();
  });

  it('no credential: initialize and tools/list are free', async () => {
    const agent = await connectAgent({ v2BaseUrl: mock.url, apiKey: undefined });
    expect((await agent.listTools()).tools.map((t) => t.name)).toEqual(['get_futures_catalog', 'get_options_catalog', 'get_futures_metadata']);
    await agent.close();
  });
});
