// The stream mock's protocol (@laevitas-api/stream-mock-core, a private workspace package bundled into dist at
// build): JavaScript with JSDoc types, typed at this boundary by the interfaces below.
import * as coreJs from '@laevitas-api/stream-mock-core';
import { STREAM_FAMILIES, type StreamFamily, type StreamFamilyInfo } from '@laevitas-api/types/stream';

export interface SessionSubscription {
  pattern: string;
  family: StreamFamilyInfo;
  segments: readonly string[];
}

export interface Session {
  readonly subscriptions: Map<string, SessionSubscription>;
  readonly closed: boolean;
  receive(text: string | null): void;
  close(code: number, reason?: string): void;
  closeOnDemand(code: number): boolean;
  ended(): void;
}

type Credential = { ok: true; holder: string | null; queryKey: boolean } | { ok: false; code: number; reason: string };
type Event = { channel: string; data: Record<string, unknown> };

export interface StreamCore {
  DROPPED_CLOSE_CODE: number;
  isDocumentedCloseCode(code: number): boolean;
  credentialOf(upgrade: {
    apiKey?: string | undefined;
    creditToken?: string | undefined;
    queryKey?: boolean;
    apiKeys?: readonly string[] | undefined;
  }): Credential;
  createConnectionCounter(limits: { concurrentConnectionsPerApiKey: number; concurrentConnectionsPerIp: number }): {
    open(holder: string | null, ip: string): { over: boolean; release(): void };
  };
  createSession(options: {
    connection: number;
    holder: string | null;
    queryKey: boolean;
    limits: { subscriptionsPerConnection: number; inboundMessagesPerSecond: number };
    transport: { send(frame: unknown): void; close(code: number, reason: string): void; drop(): void };
    refusal?: (request: { method: string; channels: readonly string[] }) => { code: number; message: string } | undefined;
  }): Session;
  createEventSource(options: { examples: Readonly<Record<string, readonly Event[]>>; seed?: number }): {
    channelFor(family: StreamFamilyInfo, segments: readonly string[]): string;
    next(family: StreamFamilyInfo, channel: string): Event;
  };
}

export const core = coreJs as unknown as StreamCore;

/** A family's description (its positions and message), by name. */
export function familyOf(family: StreamFamily): StreamFamilyInfo {
  const info = STREAM_FAMILIES.find((f) => f.family === family);
  if (!info) throw new TypeError(`@laevitas-api/testing: no stream family ${family}`);
  return info;
}
