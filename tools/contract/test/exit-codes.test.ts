// Exit code 3 ("the runner itself failed") and the CI annotation of a failure, from the CLI as a process: a preload
// module makes reading the spec throw, which no usage error or contract violation can explain. Exits 0, 1 and 2 are
// proven against real targets by packed-cli.test.ts.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'contract-exit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const breakSpec = join(dir, 'break-spec.mjs');
writeFileSync(
  breakSpec,
  `import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const read = fs.readFileSync;
fs.readFileSync = (path, ...rest) => {
  if (String(path).endsWith('openapi.json')) throw new Error('injected: the spec cannot be read');
  return read(path, ...rest);
};
syncBuiltinESMExports();
`,
);
const cli = join(import.meta.dirname, '../src/cli.mjs');

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', pathToFileURL(breakSpec).href, cli, ...args],
      { env: { ...process.env, GITHUB_ACTIONS: '', ...env }, timeout: 30_000 },
      (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
    );
  });
}

it('a runner that breaks exits 3, never 1, naming the internal error', async () => {
  const { code, stderr } = await run(['run', '--only', 'getHealth', '--no-dredd', '--no-stream']);
  expect(code).toBe(3);
  expect(stderr).toMatch(/laevitas-contract: internal error: Error: injected: the spec cannot be read/);
});

it('with GITHUB_ACTIONS=true the failure is also an error annotation', async () => {
  const { code, stderr } = await run(['run', '--only', 'getHealth', '--no-dredd', '--no-stream'], { GITHUB_ACTIONS: 'true' });
  expect(code).toBe(3);
  expect(stderr).toMatch(/^::error title=laevitas-contract::internal error: Error: injected/m);
});
