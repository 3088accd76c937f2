// Progress of an export: on a terminal one line redrawn in place (rows, requests of the plan's bound, elapsed and
// remaining time), elsewhere (CI logs, a pipe) one plain line per window and a last one, so a log is readable. The
// remaining time is the average time per request so far times the requests left under the plan's upper bound; with
// no bound it is not guessed.

/** @param {number} ms */
const clock = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * @param {{ stream: NodeJS.WriteStream | { isTTY?: boolean, write(text: string): unknown }, maxRequests: number | null, now?: () => number }} options
 */
export function createProgress({ stream, maxRequests, now = Date.now }) {
  const started = now();
  let sent = 0;
  const line = (/** @type {{ rows: number, requests: number }} */ state) => {
    const elapsed = now() - started;
    const left = maxRequests === null ? 'unknown' : sent ? clock((elapsed / sent) * Math.max(0, maxRequests - state.requests)) : '…';
    return `rows ${state.rows} | requests ${state.requests}${maxRequests === null ? '' : `/${maxRequests}`} | elapsed ${clock(elapsed)} | remaining ${left}`;
  };
  return {
    /** After each page. @param {{ rows: number, requests: number }} state  @param {boolean} windowDone */
    page(state, windowDone) {
      sent++;
      if (stream.isTTY) stream.write(`\r\x1b[2K${line(state)}`);
      else if (windowDone) stream.write(`${line(state)}\n`);
    },
    /** @param {{ rows: number, requests: number }} state  @param {string} message */
    done(state, message) {
      stream.write(`${stream.isTTY ? '\r\x1b[2K' : ''}${line(state)}\n${message}\n`);
    },
  };
}
