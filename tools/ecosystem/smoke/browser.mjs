// Entry for the browser page: the smoke runs when the page asks, against the target the test names; the page is
// served from another origin than the mock, so every call is a real cross-origin request (CORS).
import { smoke } from './smoke.mjs';

/** @type {any} */ (globalThis).runSmoke = (/** @type {Parameters<typeof smoke>[0]} */ target) => smoke(target);
