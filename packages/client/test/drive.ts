// Runs a promise to completion under vitest fake timers while real sockets do real I/O: it lets the event loop
// breathe in real time, then moves the fake clock a small step, until the promise settles. Waits of minutes
// (429 fallbacks, rate windows, timeouts) take a second or two of real time; the steps are small enough that an
// in-flight loopback request never sees a timeout it would not see in real time.
import { vi } from 'vitest';

const realSetTimeout = globalThis.setTimeout;

export async function drive<T>(promise: Promise<T>, { stepMs = 50, limitMs = 15 * 60_000 } = {}): Promise<T> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let elapsed = 0; !settled; elapsed += stepMs) {
    if (elapsed > limitMs) throw new Error(`drive: still pending after ${limitMs} ms of fake time`);
    await new Promise((resolve) => realSetTimeout(resolve, 1));
    if (!settled) await vi.advanceTimersByTimeAsync(stepMs);
  }
  return promise;
}

export const useFakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
