// `@laevitas-api/types/signatures` is the compact table the client's declarations load instead of openapi.d.ts: what
// every operation takes (parameters, JSON body) and returns (success body). It must say exactly what `operations`
// says, for every operation, and load neither openapi.d.ts nor paths.d.ts (that is what makes it cheap to compile).
import { describe, expect, it } from 'vitest';
import { programOfSnippets, strictConsumerOptions } from '@laevitas-api/test-support/consumer-program';
import ts from 'typescript';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// The strict consumer with skipLibCheck off: these tests check the declarations themselves.
const options = strictConsumerOptions({ skipLibCheck: false });

function compile(code: string) {
  const file = `${ROOT}test/.snippet-${Math.random().toString(36).slice(2)}.mts`;
  const program = programOfSnippets(new Map([[file, code]]), options);
  const errors = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  return { errors, files: program.getSourceFiles().map((s) => s.fileName) };
}

// Each test runs the TypeScript compiler over the whole contract: seconds of CPU, more on a loaded machine, so they
// get a minute rather than vitest's 5 s default.
const COMPILE_TIMEOUT_MS = 60_000;

describe('@laevitas-api/types/signatures', () => {
  it(
    'loads schemas.d.ts, the parameter shapes it imports and signatures.d.ts only, and compiles on its own with skipLibCheck off',
    () => {
      const { errors, files } = compile(
        "import type { OperationId, OperationParameters, OhlcvtRow } from '@laevitas-api/types/signatures';\nexport type T = [OperationId, OperationParameters['getOptionsOhlcvt'], OhlcvtRow];\n",
      );
      expect(errors).toEqual([]);
      const ours = files.filter((f) => f.includes('/packages/types/generated/')).map((f) => f.split('/').pop());
      expect(ours.sort()).toEqual(['parameter-shapes.d.ts', 'schemas.d.ts', 'signatures.d.ts']);
    },
    COMPILE_TIMEOUT_MS,
  );

  it(
    'says what `operations` says for every operation: parameters, JSON body and success body',
    () => {
      // Exact equality per operation (the usual `<T>() => T extends X ? 1 : 2` identity test); a mismatch names its
      // operation in the error. `ResponseBody` is `never` for an operation whose success has no body, the map says `void`.
      const { errors } =
        compile(`import type { OperationId, OperationParameters, OperationRequestBodies, OperationResults } from '@laevitas-api/types/signatures';
import type { operations, ResponseBody, RequestBody } from '@laevitas-api/types/operations';
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Body<Op extends OperationId> = [ResponseBody<Op>] extends [never] ? void : ResponseBody<Op>;
type Mismatch = {
  [Op in OperationId]: Same<OperationParameters[Op], operations[Op]['parameters']> extends true
    ? Same<OperationResults[Op], Body<Op>> extends true
      ? Same<Op extends keyof OperationRequestBodies ? OperationRequestBodies[Op] : never, RequestBody<Op>> extends true
        ? never
        : Op
      : Op
    : Op;
}[OperationId];
export const none: [Mismatch] extends [never] ? true : Mismatch = true;
`);
      expect(errors).toEqual([]);
    },
    COMPILE_TIMEOUT_MS,
  );

  it(
    'fails the identity check when the maps drift (the check above can fail)',
    () => {
      const { errors } = compile(`import type { OperationResults } from '@laevitas-api/types/signatures';
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export const drift: Same<OperationResults['getOptionsOhlcvt'], OperationResults['getOptionsVolume']> = true;
`);
      expect(errors.join('\n')).toMatch(/not assignable/);
    },
    COMPILE_TIMEOUT_MS,
  );
});
