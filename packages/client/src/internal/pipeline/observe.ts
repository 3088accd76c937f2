// Layer (full client): the observe-only `onRequest`/`onResponse` options of 1.x, called once per attempt around the
// attempt on the wire, with the redacted summary (method, URL, operation), the attempt number, and after it the
// status and duration. Deprecated for `middleware` (which can change the request and response) and `logLevel`; the
// core leaves them out, as it does middleware and the logger, and refuses the options.
import type { Layer } from './types.js';

export const observe: Layer<'observe'> = {
  name: 'observe',
  handle(call, next) {
    const { onRequest, onResponse } = call.client.settings;
    const started = Date.now();
    onRequest?.(Object.assign({ attempt: call.attempt }, call.summary));
    const sent = next(call);
    return onResponse
      ? sent.then((outcome) => {
          onResponse(Object.assign({ attempt: call.attempt, status: outcome.response.status, durationMs: Date.now() - started }, call.summary));
          return outcome;
        })
      : sent;
  },
};
