// Before a live run, each base URL's host and port must accept a TCP connection: a refused, unresolvable or silent
// target is reported as unreachable (exit 2, with the host, the port and the error), not as 167 failed operations.
import { connect } from 'node:net';
import { TargetUnreachable } from './errors.mjs';

/** @param {string} url  @param {{timeoutMs?: number}} [options] */
export function assertReachable(url, { timeoutMs = 5000 } = {}) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return Promise.reject(new TargetUnreachable({ url, host: '?', port: 0, cause: 'not a URL' }));
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const port = Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    /** @param {string} cause */
    const fail = (cause) => {
      socket.destroy();
      reject(new TargetUnreachable({ url, host, port, cause }));
    };
    socket.setTimeout(timeoutMs, () => fail(`no answer within ${timeoutMs} ms`));
    socket.once('error', (error) => fail(`${/** @type {any} */ (error).code ?? ''} ${error.message}`.trim()));
    socket.once('connect', () => {
      socket.end();
      resolve(undefined);
    });
  });
}
