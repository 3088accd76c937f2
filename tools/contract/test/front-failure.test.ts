// Where the mock front judges an error that escaped its pipeline (frontFailure in src/mock.mjs): a target no URL
// parser takes is the request's fault, anything else the mock's own defect, said so in the 500 with its cause.
import { describe, expect, it } from 'vitest';
import { MOCK_DEFECT } from '@laevitas-api/mock-core';
import { frontFailure } from '../src/mock.mjs';

describe('an error that escapes the pipeline', () => {
  const bodyOf = (answer: { body?: unknown }) => JSON.parse(String(answer.body));

  it("is the request's fault (400 naming the target) when no URL parser takes the target or an escape is malformed", () => {
    let invalidUrl: unknown;
    try {
      new URL('http://[');
    } catch (error) {
      invalidUrl = error;
    }
    let malformedEscape: unknown;
    try {
      decodeURIComponent('%E0%A4%A');
    } catch (error) {
      malformedEscape = error;
    }
    for (const error of [invalidUrl, malformedEscape]) {
      const answer = frontFailure(error);
      expect(answer.status).toBe(400);
      expect(bodyOf(answer).message).toMatch(/request target is not a valid URL/);
    }
  });

  it("is the mock's own defect (500 saying so, with the cause) for anything else", () => {
    const answer = frontFailure(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(answer.status).toBe(500);
    const text = JSON.stringify(bodyOf(answer));
    expect(text).toContain(MOCK_DEFECT);
    expect(text).toContain("reading 'x'");
  });
});
