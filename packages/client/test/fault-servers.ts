// One setup for every fault-server test file: the server the client talks to (and, on request, a second one on
// another origin for redirect tests), started once per file, reset before each test, optionally under the fake
// clock, and closed at the end.
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { startFaultServer, type FaultServer } from './fault-server.js';
import { useFakeClock } from './drive.js';

export interface FaultServers {
  server: FaultServer;
  elsewhere: FaultServer;
}

export function useFaultServers({
  elsewhere = false,
  fakeClock = true,
  beforeEachTest,
}: { elsewhere?: boolean; fakeClock?: boolean; beforeEachTest?: () => void } = {}): FaultServers {
  const env = {} as FaultServers;
  beforeAll(async () => {
    env.server = await startFaultServer();
    if (elsewhere) env.elsewhere = await startFaultServer();
  });
  afterAll(async () => {
    await env.server?.close();
    await env.elsewhere?.close();
  });
  beforeEach(() => {
    if (fakeClock) useFakeClock();
    env.server.reset();
    env.elsewhere?.reset();
    beforeEachTest?.();
  });
  if (fakeClock) afterEach(() => vi.useRealTimers());
  return env;
}
