// The migration map from the legacy family to /api/v1, read from `x-v1-counterpart` on each legacy operation: which
// versioned operation serves the same data (or that none does, and why), and, in reverse, which legacy operations a
// versioned operation replaces. The docs render it as a note on both operations' pages and as the migration guide.

import { rawOperationsOf } from './spec-model.mjs';

/**
 * @typedef {{ operationId: string, method: string, path: string, summary: string, tag?: string }} OperationRef
 * @typedef {{ legacy: OperationRef, counterpart: OperationRef | null, why: string,
 *   differences: Record<string, string> | null }} Migration
 */

/** The differences a mapped pair must state, in the order pages show them. */
export const DIFFERENCE_KEYS = ['parameters', 'units', 'time', 'pagination', 'auth', 'limits'];

/**
 * Every legacy operation's migration entry, in path order, plus the reverse index (versioned operationId -> the
 * legacy operations it replaces). Throws, naming the operation, when an entry is missing, malformed or points to an
 * operation that does not exist or is not versioned.
 * @param {any} document an OpenAPI document (bundled, refs may remain)
 * @param {(path: string) => boolean} isLegacy
 */
export function v1Counterparts(document, isLegacy) {
  /** @type {Map<string, OperationRef & { x?: any }>} */
  const byId = new Map();
  for (const { path, method, op } of rawOperationsOf(document))
    if (op.operationId)
      byId.set(op.operationId, { operationId: op.operationId, method, path, summary: op.summary ?? '', tag: op.tags?.[0], x: op['x-v1-counterpart'] });
  /** @type {Migration[]} */
  const migrations = [];
  /** @type {Map<string, OperationRef[]>} */
  const replaces = new Map();
  for (const { x, ...legacy } of byId.values()) {
    if (!isLegacy(legacy.path)) {
      if (x !== undefined) throw new Error(`x-v1-counterpart: ${legacy.operationId} is not a legacy operation`);
      continue;
    }
    if (!x || typeof x !== 'object') throw new Error(`x-v1-counterpart: legacy operation ${legacy.operationId} has none (every legacy operation declares one)`);
    if (typeof x.why !== 'string' || !x.why.trim())
      throw new Error(`x-v1-counterpart: ${legacy.operationId}: why must say why it is (or is not) the same data`);
    if (typeof x.source !== 'string' || !x.source.trim()) throw new Error(`x-v1-counterpart: ${legacy.operationId}: source must cite the material`);
    if (x.operationId === null) {
      if (x.differences !== undefined) throw new Error(`x-v1-counterpart: ${legacy.operationId}: differences without a counterpart`);
      migrations.push({ legacy, counterpart: null, why: x.why, differences: null });
      continue;
    }
    const target = byId.get(x.operationId);
    if (!target) throw new Error(`x-v1-counterpart: ${legacy.operationId} points to ${x.operationId}, which is no operation of the spec`);
    if (isLegacy(target.path)) throw new Error(`x-v1-counterpart: ${legacy.operationId} points to ${x.operationId}, which is not a versioned operation`);
    const missing = DIFFERENCE_KEYS.filter((k) => typeof x.differences?.[k] !== 'string' || !x.differences[k].trim());
    if (missing.length) throw new Error(`x-v1-counterpart: ${legacy.operationId}: differences.${missing.join(', differences.')} missing`);
    const { x: _ignored, ...counterpart } = target;
    migrations.push({ legacy, counterpart, why: x.why, differences: x.differences });
    replaces.set(counterpart.operationId, [...(replaces.get(counterpart.operationId) ?? []), legacy]);
  }
  migrations.sort((a, b) => a.legacy.path.localeCompare(b.legacy.path));
  return { migrations, replaces };
}
