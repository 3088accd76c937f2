// `Prefer: code=N` chooses an outcome on purpose (the conformance suite forces every documented error this way).
// A documented error status is Prism's to answer with the documented example; a success status is served by the
// front's own stages; a status the operation does not document gets a clear 400 saying so (the legacy family, for
// one, documents no 402: it has no pay-per-call).
import { anyOperation, forOperations } from '../stage.mjs';
import { refusal } from './request-validation.mjs';

/** The status asked for in a `Prefer` header (`code=402`, `code=402, dynamic=true`), or undefined.  @param {string | undefined} header */
export function preferredCode(header) {
  const m = /(?:^|[,;\s])code=(\d{3})\b/.exec(header ?? '');
  return m ? Number(m[1]) : undefined;
}

/** Stage: sets ctx.preferred (the forced status) and ctx.forcePrism for documented non-success statuses.  @returns {import('../stage.mjs').Stage} */
export function preferStage() {
  return forOperations(function prefer(ctx) {
    const code = preferredCode(ctx.headers.prefer);
    if (code === undefined || !ctx.op) return undefined;
    const documented = ctx.op.responses.map((r) => r.status);
    if (!documented.includes(code)) {
      const why = code === 402 && ctx.family === 'legacy' ? ' (the legacy family has no pay-per-call: it answers 401 without a valid key, never 402)' : '';
      return refusal(ctx.op, [
        `Prefer: code=${code} cannot be honoured: ${ctx.method} ${ctx.op.path} documents no ${code} response${why}; documented: ${documented.join(', ')}`,
      ]);
    }
    ctx.preferred = code;
    if (code >= 300) ctx.forcePrism = true;
    return undefined;
  }, anyOperation);
}
