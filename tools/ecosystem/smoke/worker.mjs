// Entry for Cloudflare workerd (through miniflare): a module worker whose fetch handler runs the smoke against the
// target named in the request, and also reports whether this runtime refuses code generation. workerd forbids
// `eval` and `new Function` (as Cloudflare Workers do), so validators that pass here compile nothing at run time.
import { smoke } from './smoke.mjs';

/** True when the runtime refuses to compile code from a string (it must, for the proof to mean anything). */
function codeGenerationForbidden() {
  try {
    new Function('return 1')();
    return false;
  } catch (error) {
    return error instanceof EvalError || /code generation|eval/i.test(String(error));
  }
}

export default {
  /** @param {Request} request */
  async fetch(request) {
    const target = JSON.parse(new URL(request.url).searchParams.get('target') ?? '{}');
    const forbidden = codeGenerationForbidden();
    const result = await smoke(target);
    const validated = result.checks.filter((c) => ['rest-v1', 'validate', 'standard'].includes(c.name));
    result.checks.push({
      name: 'no-eval',
      ok: forbidden && validated.length > 0 && validated.every((c) => c.ok),
      detail: forbidden
        ? `new Function is refused here, and ${validated.filter((c) => c.ok).length}/${validated.length} validator checks passed`
        : 'this runtime allows code generation, so it proves nothing',
    });
    return Response.json(result);
  },
};
