// A scan's budget: `paginate(op, params, { budget })` refuses, before its first request, a scan whose plan may cost
// more than the budget, or whose cost the contract cannot bound (then `maxPages` bounds it). Amounts are exact: USDC
// as decimal strings in atomic units, as the payment caps count them.
import { ScanBudgetError } from '../../errors.js';
import { toAtomic } from '../payments/amount.js';
import type { ScanPlan } from './plan-scan.js';

/** The most a scan may cost, by any of: USDC (paid per call or in credits at their price), credits, requests. */
export interface ScanBudget {
  /** USDC, a decimal string: the most the scan's calls may cost paid per call (x402) or in credits. */
  usdc?: string;
  /** Prepaid credits: one per call. */
  credits?: number;
  /** Calls (pages), whatever pays for them. */
  requests?: number;
}

const KEYS = new Set(['usdc', 'credits', 'requests']);

/** Throws a ScanBudgetError naming the budget and the plan when the plan may exceed it; returns quietly otherwise. */
export function checkBudget(plan: ScanPlan, budget: ScanBudget): void {
  if (typeof budget !== 'object' || budget === null) throw new TypeError('options.budget must be an object: { usdc?, credits?, requests? }');
  for (const key of Object.keys(budget)) if (!KEYS.has(key)) throw new TypeError(`options.budget.${key} is not a budget; use usdc, credits or requests`);
  for (const key of ['credits', 'requests'] as const) {
    const value = budget[key];
    if (value !== undefined && !(Number.isInteger(value) && value >= 0))
      throw new TypeError(`options.budget.${key} must be a whole number >= 0, got ${JSON.stringify(value)}`);
  }
  const usdc = budget.usdc === undefined ? undefined : toAtomic(budget.usdc, 'options.budget.usdc');
  const { requests, cost } = plan;
  const walk = `${plan.windows.length} window${plan.windows.length === 1 ? '' : 's'}, page size ${plan.pageSize ?? 'unknown'}`;
  const unbounded = (limit: ScanBudgetError['limit'], fit: string) =>
    new ScanBudgetError(
      plan.operationId,
      limit,
      budget as Record<string, unknown>,
      plan,
      `budget ${limit} ${String(budget[limit])}, but the plan has no upper bound (at least ${requests.min} requests over ${walk}; the contract bounds no row count of these windows): pass maxPages (${fit}) to bound it`,
    );
  const over = (limit: ScanBudgetError['limit'], planned: string) =>
    new ScanBudgetError(
      plan.operationId,
      limit,
      budget as Record<string, unknown>,
      plan,
      `budget ${limit} ${String(budget[limit])}, plan up to ${planned} (${requests.max} requests over ${walk})`,
    );

  if (budget.requests !== undefined) {
    if (requests.max === null) throw unbounded('requests', `at most ${budget.requests}`);
    if (requests.max > budget.requests) throw over('requests', `${requests.max} requests`);
  }
  if (budget.credits !== undefined && cost.credits) {
    if (cost.credits.max === null) throw unbounded('credits', `at most ${budget.credits}`);
    if (cost.credits.max > budget.credits) throw over('credits', `${cost.credits.max} credits`);
  }
  if (usdc !== undefined && cost.x402) {
    const perCall = toAtomic(cost.x402.perCall, 'plan.cost.x402.perCall');
    const fit = perCall > 0n ? `at most ${usdc / perCall} at ${cost.x402.perCall} ${cost.x402.asset} a call` : 'any';
    if (cost.x402.max === null) throw unbounded('usdc', fit);
    if (toAtomic(cost.x402.max, 'plan.cost.x402.max') > usdc) throw over('usdc', `${cost.x402.max} ${cost.x402.asset} at ${cost.x402.perCall} a call`);
  }
}
