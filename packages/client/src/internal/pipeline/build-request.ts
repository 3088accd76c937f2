// Layer: the request built from checked parameters: the URL (wire.ts: family routing, path template, query in the
// spec's order), the headers with the credentials of the operation's family (headers.ts), the JSON body, and the
// summary that errors, logs and traces show (the URL with credentials redacted).
import { buildHref } from '../../wire.js';
import { CREDENTIAL_KEY, redactUrl } from '../url.js';
import { buildHeaders } from './headers.js';
import type { Layer } from './types.js';

export const buildRequest: Layer = {
  name: 'build-request',
  handle(call, next) {
    const { operation, params } = call;
    const wire = call.client.wire[operation.family];
    // The base was parsed once (runtime.ts), so the text is already the URL's canonical form, unless a path value is
    // a dot segment, which the URL parser would resolve.
    const text = buildHref(operation, wire.base, params.path, params.query);
    const url = text.includes('/.') ? new URL(text).href : text;
    call.url = url;
    call.headers = buildHeaders(wire.headers, operation, params, call.options);
    call.body = params.body === undefined ? undefined : JSON.stringify(params.body);
    call.summary = {
      method: operation.method,
      url: CREDENTIAL_KEY.test(url.slice(url.indexOf('?'))) ? redactUrl(url) : url,
      operationId: operation.operationId,
    };
    return next(call);
  },
};
