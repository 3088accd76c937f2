// Following the data-corrections feed (`GET /api/v1/changelog/data-corrections`). The service documents a top-level
// `lastUpdated`, a monotonic `feedRevision`, records with an id, `publishedAt`, `updatedAt` and
// `deployment.deployedAt`, and how to poll: watch `lastUpdated`, then compare record ids and `updatedAt`. The feed's
// content stays the same until a record changes, so a poll whose `lastUpdated` and `feedRevision` are those already
// seen is done at once; only a changed feed is compared record by record. Each new record and each new `updatedAt` of
// a known record is yielded once, with the `since` state to persist: a watcher restarted from it yields nothing twice.
// Polls are ordinary requests of the client, so they wait for the client's rate limiter and honour 429 Retry-After.
// Each poll still downloads the whole feed: the service documents no conditional request for it (no ETag or
// Last-Modified to send back in If-None-Match / If-Modified-Since, no `since` parameter; v1 reference §9 and
// spec/paths/v1/changelog_data-corrections.yaml), and sending one it does not document would be a guess.
import type { LaevitasCore } from './core.js';
import type { RequestOptions } from './request-options.js';
import { getChangelogDataCorrections } from '../generated/operations.js';
import { LaevitasError } from '../errors.js';
import { sleep } from './retry-rules.js';

/** Where a watcher is: the feed's marks last seen and the `updatedAt` of every record id already yielded. */
export interface CorrectionsSince {
  readonly lastUpdated?: string | undefined;
  readonly feedRevision?: number | undefined;
  readonly seen: Readonly<Record<string, string>>;
}

/** A correction record: the documented fields; the others (what it corrects) are not published and kept as sent. */
export interface CorrectionRecord {
  readonly id: string | number;
  readonly publishedAt: string;
  readonly updatedAt: string;
  readonly deployment: { readonly deployedAt: string; readonly [field: string]: unknown };
  readonly [field: string]: unknown;
}

export interface CorrectionEvent {
  /** `published`: an id not seen before; `updated`: a known id with a new `updatedAt`. */
  readonly kind: 'published' | 'updated';
  readonly record: CorrectionRecord;
  /** The state after this record: persist it, and pass it as `since` to resume after a restart. */
  readonly since: CorrectionsSince;
}

export interface WatchCorrectionsOptions {
  /** State from a previous watcher's event (or `.since`); without it every record in the feed is new. */
  since?: CorrectionsSince | undefined;
  /** Pause between polls in ms (default 60,000). */
  intervalMs?: number | undefined;
  /** Stops the watch: the iteration ends (no error) at the next poll or during the pause. */
  signal?: AbortSignal | undefined;
  /** Per-call options of each poll (timeout, headers). */
  request?: Omit<RequestOptions, 'signal'>;
}

export interface CorrectionsWatch extends AsyncIterable<CorrectionEvent> {
  /** The state now (the same as the last event's `since`, or newer after a poll that changed only the marks). */
  readonly since: CorrectionsSince;
}

/**
 * The feed's records. The member that holds them is not published: as the contract's schema reads the feed, it is
 * the top-level array whose items carry `updatedAt`.
 */
export function recordsOf(feed: unknown): CorrectionRecord[] {
  for (const value of Object.values((feed ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(value) || !value.some((item) => item && typeof item === 'object' && 'updatedAt' in item)) continue;
    for (const record of value as CorrectionRecord[]) {
      if ((typeof record?.id !== 'string' && typeof record?.id !== 'number') || typeof record.updatedAt !== 'string')
        throw new LaevitasError(`getChangelogDataCorrections: a record without an id and an updatedAt string: ${JSON.stringify(record)}`);
    }
    return value as CorrectionRecord[];
  }
  return [];
}

/** Polls the corrections feed and yields each new or updated record once (see the top of this file). */
export function watchCorrections(core: LaevitasCore, options: WatchCorrectionsOptions = {}): CorrectionsWatch {
  const { intervalMs = 60_000, signal, request } = options;
  if (!(intervalMs >= 0)) throw new TypeError('watchCorrections: options.intervalMs must be a number of ms, 0 or more');
  let state: CorrectionsSince = { ...options.since, seen: { ...options.since?.seen } };

  async function* events(): AsyncGenerator<CorrectionEvent> {
    for (let first = true; !signal?.aborted; first = false) {
      if (!first) {
        try {
          await sleep(intervalMs, signal);
        } catch {
          return; // aborted during the pause
        }
      }
      let feed: { lastUpdated?: string; feedRevision?: number };
      try {
        feed = (await core.request(getChangelogDataCorrections, undefined, signal ? { ...request, signal } : request)) as typeof feed;
      } catch (error) {
        if (signal?.aborted) return;
        throw error;
      }
      if (feed.lastUpdated === state.lastUpdated && feed.feedRevision === state.feedRevision) continue;
      for (const record of recordsOf(feed)) {
        const id = String(record.id);
        const known = state.seen[id];
        if (known === record.updatedAt) continue;
        state = { ...state, seen: { ...state.seen, [id]: record.updatedAt } };
        yield { kind: known === undefined ? 'published' : 'updated', record, since: state };
        if (signal?.aborted) return;
      }
      state = { ...state, lastUpdated: feed.lastUpdated, feedRevision: feed.feedRevision };
    }
  }

  return {
    [Symbol.asyncIterator]: events,
    get since() {
      return state;
    },
  };
}
