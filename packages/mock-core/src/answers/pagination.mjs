// Pagination of a finite synthetic series: opaque cursors for the versioned family (`meta.next_cursor`, null on the
// last page) and `page`/`limit`/`total_pages` for the legacy historical routes. A cursor carries the offset of the
// next row and a fingerprint of the query it belongs to, so a cursor replayed on another query is refused instead of
// silently serving unrelated rows.
import { decodeBase64, encodeBase64Url } from '../base64.mjs';

/** FNV-1a, 32 bits: a stable, dependency-free hash for seeds and fingerprints.  @param {string} text */
export function hash32(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The identity of a query for a scan: everything but the paging parameters themselves.
 * @param {string} operationId  @param {Record<string, unknown> | undefined} pathParams  @param {Record<string, unknown>} query  @param {string[]} [paging]
 */
export function fingerprintOf(operationId, pathParams, query, paging = ['cursor', 'limit', 'page']) {
  const kept = Object.entries(query)
    .filter(([k]) => !paging.includes(k))
    .sort(([a], [b]) => a.localeCompare(b));
  return hash32(JSON.stringify([operationId, Object.entries(pathParams ?? {}).sort(), kept])).toString(36);
}

/** @param {number} offset  @param {string} fingerprint */
export function encodeCursor(offset, fingerprint) {
  return encodeBase64Url(JSON.stringify({ o: offset, f: fingerprint }));
}

/** @param {unknown} cursor  @param {string} fingerprint  @returns {number | undefined} the offset, or undefined when the cursor is not one this query issued */
export function decodeCursor(cursor, fingerprint) {
  try {
    const { o, f } = JSON.parse(decodeBase64(String(cursor)));
    return Number.isInteger(o) && o >= 0 && f === fingerprint ? o : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a page ends: at most `limit` rows, and, when rows come in groups that belong together (the per-expiry rows of
 * one GEX bucket), on a group boundary if one exists inside the page, so a page never splits a reconciling group.
 * @param {number} offset  @param {number} limit  @param {number} total
 * @param {((index: number) => number) | undefined} groupOf the group index of a row
 */
export function pageEnd(offset, limit, total, groupOf) {
  const end = Math.min(total, offset + limit);
  if (end >= total || !groupOf) return end;
  let cut = end;
  while (cut > offset && groupOf(cut) === groupOf(cut - 1)) cut--;
  return cut > offset ? cut : end; // a group larger than the page is split: the limit wins
}
