// Every generated sample of the reference passes its language's own checker, in one run per language over every
// operation: curl through the shell's parser, Python through its compiler, Go through `go vet` (a full type-check:
// the samples use only the standard library), Java through `javac` (likewise), Rust through rustfmt's parser (the
// samples need the reqwest, tokio and serde_json crates, which cannot be fetched here, so a type-check is out of
// reach). C# has no checker that installs here: Debian ships no .NET SDK and Mono's compiler stops before the C# 9
// top-level statements the samples use. A language whose tool is missing on a machine is skipped there, named.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const pkg = new URL('..', import.meta.url).pathname;
const docs = JSON.parse(readFileSync(join(pkg, 'generated/openapi.docs.json'), 'utf8'));
const samples = Object.values<any>(docs.paths).flatMap((item) =>
  Object.values<any>(item)
    .filter((op) => op?.operationId)
    .flatMap((op) => (op['x-codeSamples'] ?? []).map((s: { lang: string; source: string }) => ({ operationId: op.operationId as string, ...s }))),
);
const of = (lang: string) => samples.filter((s) => s.lang === lang);
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
/** Runs a checker; on failure the test fails with its output (which names the file, so the operation). */
function check(command: string, args: string[], cwd: string) {
  const run = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local' },
  });
  expect(`${run.status} ${run.stderr}`.slice(0, 4000)).toBe('0 ');
}
function workdir(t: string) {
  return mkdtempSync(join(tmpdir(), `docs-samples-${t}-`));
}

describe('the generated samples in every language', () => {
  const operations = new Set(samples.map((s) => s.operationId));
  it('come in seven languages for every operation: curl, our TypeScript client, Python, Go, Rust, Java, C#', () => {
    for (const lang of ['Shell', 'TypeScript', 'Python', 'Go', 'Rust', 'Java', 'C#'])
      expect(new Set(of(lang).map((s) => s.operationId)), lang).toEqual(operations);
    for (const s of samples) expect(s.source, `${s.operationId} ${s.lang}`).not.toMatch(/__LAEVITAS_API_KEY__|"\$LAEVITAS_API_KEY"|'\$LAEVITAS_API_KEY'/);
  });

  it.runIf(has('sh'))('curl: every sample parses as a shell command', () => {
    const dir = workdir('sh');
    writeFileSync(
      join(dir, 'all.sh'),
      of('Shell')
        .map((s) => `# ${s.operationId}\n${s.source}\n`)
        .join('\n'),
    );
    check('sh', ['-n', 'all.sh'], dir);
    rmSync(dir, { recursive: true });
  });

  it.runIf(has('python3'))('Python: every sample compiles', () => {
    const dir = workdir('py');
    for (const s of of('Python')) writeFileSync(join(dir, `${s.operationId}.py`), s.source);
    check('python3', ['-c', 'import sys, pathlib\nfor f in sorted(pathlib.Path(".").glob("*.py")): compile(f.read_text(), str(f), "exec")'], dir);
    rmSync(dir, { recursive: true });
  });

  it.runIf(has('go'))('Go: every sample type-checks (go vet, standard library only)', { timeout: 300_000 }, () => {
    const dir = workdir('go');
    writeFileSync(join(dir, 'go.mod'), 'module samples\n\ngo 1.19\n');
    for (const s of of('Go')) {
      mkdirSync(join(dir, s.operationId));
      writeFileSync(join(dir, s.operationId, 'main.go'), s.source);
    }
    // httpsnippet's Go samples skip error checks for brevity, which vet's httpresponse analyzer reports; every other
    // analyzer and the type-check run.
    check('go', ['vet', '-httpresponse=false', './...'], dir);
    rmSync(dir, { recursive: true });
  });

  it.runIf(has('javac'))('Java: every sample compiles (javac, java.net.http only)', { timeout: 300_000 }, () => {
    const dir = workdir('java');
    const files = of('Java').map((s) => {
      const name = `Sample_${s.operationId}`;
      writeFileSync(
        join(dir, `${name}.java`),
        `import java.net.URI;\nimport java.net.http.HttpClient;\nimport java.net.http.HttpRequest;\nimport java.net.http.HttpResponse;\n\npublic class ${name} {\n  public static void main(String[] args) throws Exception {\n${s.source}\n  }\n}\n`,
      );
      return `${name}.java`;
    });
    check('javac', ['-d', 'out', ...files], dir);
    rmSync(dir, { recursive: true });
  });

  it.runIf(has('rustfmt'))("Rust: every sample parses (rustfmt's parser; the crates it uses cannot be fetched here)", { timeout: 120_000 }, () => {
    const dir = workdir('rs');
    const files = of('Rust').map((s) => {
      writeFileSync(join(dir, `${s.operationId}.rs`), s.source);
      return `${s.operationId}.rs`;
    });
    check('rustfmt', ['--edition', '2021', '--emit', 'stdout', '--quiet', ...files], dir);
    rmSync(dir, { recursive: true });
  });
});
