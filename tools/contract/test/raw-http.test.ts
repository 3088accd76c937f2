// The raw-HTTP fuzz helpers judge answers by what Node's own parser makes of a request (./raw-http.ts): these pin
// that judgement, so a fuzz suite that passes does so because the servers answered, not because nothing was checked.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerProblems, type HostileRequest, nodeParser } from './raw-http.js';

let parser: Awaited<ReturnType<typeof nodeParser>>;
beforeAll(async () => {
  parser = await nodeParser(16 * 1024);
});
afterAll(() => parser?.close());

const request: HostileRequest = { method: 'GET', path: '/x', query: '', headers: [], oversizedUrl: false, nul: false, stall: false };
const raw = (text: string) => Buffer.from(text, 'latin1');

it("asks Node's parser: a well-formed request is parsed whole; a bad method, a bad header or an oversized section is refused", async () => {
  expect(await parser.judge(raw('GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'))).toEqual({ parsed: true });
  expect(await parser.judge(raw('POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 5\r\nconnection: close\r\n\r\nhello'))).toEqual({ parsed: true });
  expect(await parser.judge(raw('get / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'))).toEqual({ parsed: false, code: 'HPE_INVALID_METHOD' });
  expect(await parser.judge(raw(`GET / HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`))).toEqual({ parsed: false, code: 'HPE_HEADER_OVERFLOW' });
  const both = await parser.judge(raw('POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 5\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n'));
  expect(both.parsed).toBe(false);
});

it('a reset or a silent close is a problem for a request Node parses, and tolerated for one it refuses', () => {
  expect(answerProblems(request, { reset: 'read ECONNRESET' }, { parsed: true })).toEqual([
    "GET /x []: Node's parser takes it whole, yet no HTTP answer: reset (read ECONNRESET)",
  ]);
  expect(answerProblems(request, { head: '', text: '' }, { parsed: true })).toHaveLength(1);
  expect(answerProblems(request, { reset: 'read ECONNRESET' }, { parsed: false, code: 'HPE_HEADER_OVERFLOW' })).toEqual([]);
});

it('judges the final status (after a 100 Continue): a 5xx is always a problem, a refused request must get a 4xx', () => {
  const answer = (text: string) => ({ head: text.split('\r\n')[0]!, text });
  expect(answerProblems(request, answer('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n\r\n'), { parsed: true })).toEqual([]);
  expect(answerProblems(request, answer('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 502 Bad Gateway\r\n\r\n'), { parsed: true })).toHaveLength(1);
  expect(answerProblems(request, answer('HTTP/1.1 400 Bad Request\r\n\r\n'), { parsed: false, code: 'HPE_INVALID_METHOD' })).toEqual([]);
  expect(answerProblems(request, answer('HTTP/1.1 200 OK\r\n\r\n'), { parsed: false, code: 'HPE_INVALID_METHOD' })).toHaveLength(1);
});
