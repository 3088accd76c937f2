// A test wallet and payer built only from the x402 library: a viem account on a private key generated for the test
// (no network), the library's EVM `exact` scheme, and a count of the payments the library was asked to create.
// The spec's documented quotes carry no EIP-712 domain (`extra.name`/`extra.version`), which @x402/evm needs to sign
// an EIP-3009 authorization; the wallet adds Base USDC's through the library's own policy hook.
import { x402Client, x402HTTPClient } from '@x402/core/client';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { x402Payer, type X402Payer } from '../src/index.js';

export interface TestWallet {
  readonly address: `0x${string}`;
  readonly account: ReturnType<typeof privateKeyToAccount>;
  readonly payer: X402Payer;
  /** Payments the library created (signed) so far. */
  readonly signed: () => number;
}

/** `maxUsdPerPayment` raises the library's own per-payment cap ($1 by default) for dearer checkouts. */
export function testWallet({ maxUsdPerPayment }: { maxUsdPerPayment?: string } = {}): TestWallet {
  const account = privateKeyToAccount(generatePrivateKey());
  const client = x402Client.fromConfig({
    schemes: [{ network: 'eip155:*', client: new ExactEvmScheme(account) }],
    policies: [(_version, requirements) => requirements.map((r) => ({ ...r, extra: { name: 'USD Coin', version: '2', ...r.extra } }))],
    ...(maxUsdPerPayment ? { spendControls: { maxAmountPerPayment: maxUsdPerPayment } } : {}),
  });
  const http = new x402HTTPClient(client);
  let signed = 0;
  const create = http.createPaymentPayload.bind(http);
  http.createPaymentPayload = async (required) => {
    signed++;
    return create(required);
  };
  return { address: account.address, account, payer: x402Payer(http), signed: () => signed };
}

export const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
export const decodeBase64Json = (text: string | string[] | undefined) => JSON.parse(Buffer.from(String(text), 'base64').toString('utf8'));

/** An x402 version 2 quote as the service sends it in `payment-required` (the spec's documented shape). */
export function quote({ amount = '1000', error = 'Payment required', network = 'eip155:8453' } = {}) {
  return base64Json({
    x402Version: 2,
    error,
    resource: { url: 'https://apiv2.laevitas.ch/api/v1/options/ohlcvt', mimeType: 'application/json' },
    accepts: [
      {
        scheme: 'exact',
        network,
        amount,
        asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
        payTo: '0x0000000000000000000000000000000000000000',
        maxTimeoutSeconds: 60,
      },
    ],
  });
}
