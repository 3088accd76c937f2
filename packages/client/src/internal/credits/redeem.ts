// The credit-token flow (challenge, then redeem): ask the service for a single-use CAIP-122 challenge for a wallet,
// have the wallet sign it, and redeem the signature for a credit token of the wallet's prepaid credits. The token
// (`x-credit-token`) and balance (`x-credits-remaining`) arrive as response headers; the client's payments hook caches
// them, so every later versioned call spends credits. The signature authorizes no payment and moves no funds. Both
// routes draw on the `creditToken` rate-limit group (10 per 60 s, `x-rate-limit-group`).
import type { LaevitasClient } from '../client.js';

export interface CreditWallet {
  /** Chain of the wallet, as the challenge route takes it (a CAIP-2 id such as 'eip155:8453'). */
  chainId: string;
  address: string;
  /**
   * Signs the challenge. `info` is the challenge exactly as the service sent it (its field names are not published,
   * so it is handed over whole); return the signature and its `type` as the redemption route expects them.
   */
  sign(info: Record<string, unknown>): Promise<{ signature: string; type: string }>;
}

export interface RedeemedCredits {
  /** Credits the wallet holds (`x-credits-remaining`). */
  remaining: number | undefined;
  /** True: the token is now cached by the client (and sent as X-Credit-Token on versioned calls). */
  cached: boolean;
}

export async function redeemCreditToken(client: LaevitasClient, wallet: CreditWallet): Promise<RedeemedCredits> {
  const challenge = (await client.call('postX402CreditTokenChallenge', { body: { chain_id: wallet.chainId, address: wallet.address } } as never)) as {
    info?: Record<string, unknown>;
  };
  if (!challenge?.info || typeof challenge.info !== 'object') throw new TypeError('postX402CreditTokenChallenge: the challenge has no `info` object to sign');
  const { signature, type } = await wallet.sign(challenge.info);
  const redeemed = await client.callWithResponse('postX402CreditToken', {
    body: { ...challenge.info, address: wallet.address, chainId: wallet.chainId, type, signature },
  } as never);
  return {
    remaining: redeemed.billing.credits.remaining,
    cached: redeemed.response.headers.has('x-credit-token') && client.billing.credits.token !== undefined,
  };
}
