// @laevitas-api/stream-mock-core: the stream mock's runtime-neutral protocol, shared by the contract tool's `ws`
// stream mock (tools/contract/src/stream/mock.mjs) and the MSW WebSocket handlers of @laevitas-api/testing, in Node
// and in the browser, so the two cannot drift. Private: both bundle it at build.
//   credentials.mjs  the login check from the upgrade's headers, and the connections counted per key and per IP
//   session.mjs      one connection's requests: subscribe / unsubscribe by the gateway's ids, ping, coded errors
//   codes.mjs        the documented close codes and the error replies' codes
//   heartbeat.mjs    the server's ping policy (a missed pong closes with 4002)
//   events.mjs       moving data events made from the contract's examples
// Runtime-neutral means: nothing here imports a `node:` module or uses Buffer, process or the file system
// (tools/contract/test/mock-core.test.ts walks the import graph).
export { DOCUMENTED_CLOSE_CODES, DROPPED_CLOSE_CODE, ERROR_CODES, errorReply, isDocumentedCloseCode, meaningOf } from './codes.mjs';
export { credentialOf, createConnectionCounter } from './credentials.mjs';
export { createSession } from './session.mjs';
export { IDLE_CLOSE_CODE, startHeartbeat } from './heartbeat.mjs';
export { concreteChannel, createEventSource, createRandom, examplesByFamily } from './events.mjs';

/**
 * @typedef {import('./credentials.mjs').Credential} Credential
 * @typedef {import('./credentials.mjs').PassStore} PassStore
 * @typedef {import('./session.mjs').Transport} Transport
 * @typedef {import('./session.mjs').Subscription} Subscription
 * @typedef {import('./events.mjs').StreamExample} StreamExample
 */
