// The client's page-size table (generated/page-sizes.ts): each paginated operation's limit parameter, default and
// maximum, which only the scan planner (client.planScan) reads to bound a scan's requests before sending any. Kept
// apart from the operation table so neither the core nor the table carries it.
import { deref } from '@laevitas-api/spec-model';
import { codeHeader } from './output.mjs';

/** @import { OperationModel, SpecDocument, SpecNode } from '@laevitas-api/spec-model' */

const HEADER = codeHeader();

/**
 * The page size of every paginated operation (its limit parameter's default and maximum), for the planner
 * (client.planScan) alone, so neither the core nor the operation table carries it. Written compactly: the size most
 * operations of a family share, then each operation whose size differs from its family's (an exact rendering of
 * every operation's size, not a guess: the planner reads the exception first).
 * @param {SpecDocument} document  @param {readonly OperationModel[]} operations
 */
export function renderPageSizes(document, operations) {
  /** @type {Record<string, Record<string, string>>} family → operationId → size as JSON */
  const sizes = {};
  for (const op of operations) {
    const pagination = op.extensions['x-pagination'];
    if (!pagination) continue;
    const limit = op.parameters.find((p) => p.in === 'query' && p.name === (pagination.limitParam ?? 'limit'));
    const schema = limit ? flatSchema(document, limit.schema) : {};
    const size = {
      ...(typeof schema.default === 'number' ? { default: schema.default } : {}),
      ...(typeof schema.maximum === 'number' ? { maximum: schema.maximum } : {}),
    };
    (sizes[op.family] ??= {})[op.operationId] = JSON.stringify(size);
  }
  /** @type {Record<string, unknown>} */
  const byFamily = {};
  /** @type {Record<string, unknown>} */
  const byOperation = {};
  for (const [family, byOp] of Object.entries(sizes)) {
    /** @type {Map<string, number>} */
    const counts = new Map();
    for (const size of Object.values(byOp)) counts.set(size, (counts.get(size) ?? 0) + 1);
    // A family is listed only once one of its operations is paginated, so it has a most common size.
    const common = /** @type {[string, number]} */ ([...counts].sort((a, b) => b[1] - a[1])[0])[0];
    byFamily[family] = JSON.parse(common);
    for (const [id, size] of Object.entries(byOp)) if (size !== common) byOperation[id] = JSON.parse(size);
  }
  return `${HEADER}// Page sizes of the paginated operations (each one's limit parameter), for the planner (client.planScan) only:
// the size an operation has is byOperation[id], else byFamily[its family].
export interface PageSize {
  readonly default?: number;
  readonly maximum?: number;
}

export const PAGE_SIZES: { readonly byFamily: Readonly<Record<string, PageSize>>; readonly byOperation: Readonly<Record<string, PageSize>> } = ${JSON.stringify({ byFamily, byOperation })};
`;
}

/**
 * A parameter schema's own keywords merged with those of its allOf members and $refs (`default` may sit beside an
 * allOf of the value set, as in ResolutionQuery).
 * @param {SpecDocument} document  @param {SpecNode} node  @returns {SpecNode}
 */
function flatSchema(document, node) {
  const schema = deref(document, node) ?? {};
  return Object.assign({}, ...(schema.allOf ?? []).map((/** @type {SpecNode} */ part) => flatSchema(document, part)), schema);
}
