// The mock's encoded-body cache (src/mock/encoded-bodies.mjs): a large body is encoded once and found after, a small
// one is never kept, one over an eighth of the bound passes without flushing the rest, and the counts the benchmark
// reports follow. The counts are module-wide, so each check reads the change it caused.
import { expect, it } from 'vitest';
import { bytesOf, encodedBodies } from '../src/mock/encoded-bodies.mjs';

it('keeps a large body by its text and finds it again; a small one is encoded each time and never counted', () => {
  const before = encodedBodies();
  const text = `{"data":"${'é'.repeat(5000)}"}`;
  const first = bytesOf(text);
  expect(first.toString('utf8')).toBe(text);
  expect(bytesOf(text)).toBe(first); // the same Buffer: found, not encoded again
  expect(bytesOf('{"small":true}').toString()).toBe('{"small":true}');
  const after = encodedBodies();
  expect(after.kept - before.kept).toBe(1);
  expect(after.hits - before.hits).toBe(1);
  expect(after.bytes - before.bytes).toBe(Buffer.byteLength(text));
  expect(after.entries - before.entries).toBe(1);
});

it('passes a body over an eighth of the bound without keeping it', () => {
  const before = encodedBodies();
  const huge = 'x'.repeat(before.maxBytes / 8 + 1);
  expect(bytesOf(huge).length).toBe(huge.length);
  const after = encodedBodies();
  expect(after.passed - before.passed).toBe(1);
  expect(after.bytes).toBe(before.bytes);
});

it('drops the oldest bodies once the bound is passed, and counts them', () => {
  const before = encodedBodies();
  const size = before.maxBytes / 8; // eight of these fill the bound; a ninth evicts the oldest
  for (let i = 0; i < 9; i++) bytesOf(String(i).repeat(size));
  const after = encodedBodies();
  expect(after.evicted - before.evicted).toBeGreaterThanOrEqual(1);
  expect(after.bytes).toBeLessThanOrEqual(after.maxBytes);
});
