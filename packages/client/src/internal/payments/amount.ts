// Money as exact integers. x402 quotes amounts in the asset's atomic units (USDC: 6 decimals, so '0.001' is 1000);
// callers and the spec write decimal strings. Floating point would make a cap of 0.3 refuse three payments of 0.1.

/** USDC, the asset of `info.x-x402`, has 6 decimals. */
export const USDC_DECIMALS = 6;

/** '0.001' → 1000n. Throws a TypeError naming `field` when the text is not a non-negative decimal with at most `decimals` places. */
export function toAtomic(decimal: string, field: string, decimals = USDC_DECIMALS): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(decimal).trim());
  if (!match || (match[2] ?? '').length > decimals) {
    throw new TypeError(`${field} must be a decimal amount of USDC with at most ${decimals} decimals (for example '0.01'), got ${JSON.stringify(decimal)}`);
  }
  return BigInt(match[1]! + (match[2] ?? '').padEnd(decimals, '0'));
}

/** 1000n → '0.001'. */
export function fromAtomic(atomic: bigint, decimals = USDC_DECIMALS): string {
  const text = atomic.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, -decimals);
  const fraction = text.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
