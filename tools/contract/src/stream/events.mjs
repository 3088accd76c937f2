// Data events for the stream mock: the generator is the shared one (@laevitas-api/stream-mock-core, which the MSW
// handlers of @laevitas-api/testing run too); here its examples default to the AsyncAPI bundle this tool ships with.
import { readFileSync } from 'node:fs';
import { concreteChannel, createEventSource as createSharedEventSource, createRandom, examplesByFamily as examplesOf } from '@laevitas-api/stream-mock-core';
import { ASYNCAPI_JSON } from '../paths.mjs';

/** @typedef {import('@laevitas-api/stream-mock-core').StreamExample} StreamExample */

export { concreteChannel, createRandom };

/**
 * family → the example events of its message in the bundled AsyncAPI document.
 * @param {{components: {messages: Record<string, any>}}} [document] the AsyncAPI bundle as parsed JSON (default: the shipped one)
 * @returns {Record<string, StreamExample[]>}
 */
export function examplesByFamily(document = JSON.parse(readFileSync(ASYNCAPI_JSON, 'utf8'))) {
  return examplesOf(document);
}

/**
 * One generator per connection: `next(family, channel)` returns the next event of that channel.
 * @param {{examples?: Record<string, StreamExample[]> | undefined, seed?: number | undefined, now?: (() => number) | undefined}} [options]
 * @returns {ReturnType<typeof createSharedEventSource>}
 */
export function createEventSource({ examples = examplesByFamily(), ...rest } = {}) {
  return createSharedEventSource({ examples, ...rest });
}
