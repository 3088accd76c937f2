// `Prefer: code=N` chooses an outcome on purpose (the conformance suite forces every documented error this way).
// A documented error status is Prism's to answer with the documented example; a success status is served by the
// front's own stages; a status the operation does not document gets a clear 400 saying so (the legacy family, for
// one, documents no 402: it has no pay-per-call). A forced status may name one of its examples (`code=400,
// example=NAME`, Prism's own syntax); a name the status does not document is a 400 too (Prism would answer 500).
import { responseOf } from '@laevitas-api/spec-model';
import { anyOperation, forOperations } from '../stage.mjs';
import { refusal } from './request-validation.mjs';

/** The status asked for in a `Prefer` header (`code=402`, `code=402, dynamic=true`), or undefined.  @param {string | undefined} header */
export function preferredCode(header) {
  const m = /(?:^|[,;\s])code=(\d{3})\b/.exec(header ?? '');
  return m ? Number(m[1]) : undefined;
}

/** The example named in a `Prefer` header (`code=400, example=invalid-resolution`), or undefined.  @param {string | undefined} header */
function preferredExample(header) {
  const m = /(?:^|[,;\s])example=([^,;\s]*)/.exec(header ?? '');
  return m ? m[1] : undefined;
}

/**
 * The names of the examples one documented status of an operation shows, in every media type.
 * @param {import('../stage.mjs').OpenApiDocument} document  @param {import('../stage.mjs').OperationModel} op  @param {number} status
 */
function exampleNamesOf(document, op, status) {
  return Object.values(responseOf(document, op, status)?.content ?? {}).flatMap((media) => Object.keys(/** @type {any} */ (media)?.examples ?? {}));
}

/**
 * Stage: sets ctx.preferred (the forced status) and ctx.forcePrism for documented non-success statuses.
 * @param {import('../stage.mjs').OpenApiDocument} [document] to check an example a forced status names
 * @returns {import('../stage.mjs').Stage}
 */
export function preferStage(document) {
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
    const example = preferredExample(ctx.headers.prefer);
    if (document && code >= 300 && example !== undefined) {
      const names = exampleNamesOf(document, ctx.op, code);
      if (!names.includes(example))
        return refusal(ctx.op, [
          `Prefer: example=${example} cannot be honoured: the ${code} response of ${ctx.method} ${ctx.op.path} documents ${names.length ? `no example of that name; documented: ${names.join(', ')}` : 'no named examples'}`,
        ]);
    }
    ctx.preferred = code;
    if (code >= 300) ctx.forcePrism = true;
    return undefined;
  }, anyOperation);
}
