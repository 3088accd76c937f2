// The agent helper (@laevitas-api/client/agent, the official MCP SDK's Streamable HTTP client) against the mock's
// agent endpoint (tools/contract, front on a free port): initialize, tools/list and tools/call with each kind of
// credential, and a spent credit balance surfacing as the client's PaymentRequiredError with the JSON-RPC body.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { AGENT_ACCEPT, agentHeaders, connectAgent } from '../src/agent.js';
import { AuthenticationError, PaymentRequiredError } from '../src/errors.js';
// @ts-expect-error plain ESM module of the contract tools
import { mockPerFile } from '../../../tools/contract/test/mock-per-file.mjs';

// The no-credential cases must not pick up a key from the environment.
delete process.env.LAEVITAS_API_KEY;

const { mock }: { mock: { url: string; state: { charges: unknown[] } } } = mockPerFile();

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
      expect(headers.get('x-api-key')).toBe('k');
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
    expect(agentHeaders({ apiKey: 'k', creditToken: 'c' })).toEqual({ 'x-api-key': 'k' });
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
