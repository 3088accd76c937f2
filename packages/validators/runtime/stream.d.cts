import type { StreamFamily, StreamFamilyInfo } from '@laevitas-api/types/stream';

/** One problem found in a stream message: where, which rule, and a sentence naming both. */
export interface StreamIssue {
  path: string;
  rule: string;
  message: string;
  allowedValues?: unknown[];
}
export type ParsedPattern = { readonly ok: true; readonly family: StreamFamily; readonly segments: readonly string[] } | { ok: false; error: string };

/** Names of every message schema of the stream contract. */
export declare const STREAM_SCHEMA_NAMES: readonly string[];
/** The family a channel name or pattern starts with, or undefined. */
export declare function familyOf(text: unknown): StreamFamilyInfo | undefined;
/** Reads a subscription pattern, or with `{ wildcards: false }` a concrete channel name; the error names the position and rule. */
export declare function parseChannelPattern(text: unknown, options?: { wildcards?: boolean }): ParsedPattern;
/** Whether a subscription to `pattern` delivers events of the concrete `channel`. */
export declare function channelMatches(pattern: string, channel: string): boolean;
/** Validates a value against one message schema by name (`TradesEvent`, `SubscribeRequest`, …). */
export declare function validateStreamMessage(schemaName: string, value: unknown): { ok: boolean; issues: StreamIssue[] };
/** Validates a data event: a known channel name (delivered by `pattern` when given) and its family's schema. */
export declare function validateStreamEvent(event: unknown, options?: { pattern?: string }): { ok: boolean; family?: StreamFamily; issues: StreamIssue[] };
