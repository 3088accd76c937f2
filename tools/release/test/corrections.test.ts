// Acknowledged corrections: a breaking change passes the gate only when a major releases it or a pending changeset
// acknowledges that very change, with a source, as a correction of the contract to what the service already did; a
// stale or unsourced acknowledgement fails; `changeset version` (with the repository's own config) keeps the fixed
// group on the API's 1.x line and writes the warning into the CHANGELOGs. The documents are the real released 1.33.0
// bundle and a copy of it with real changes made to it.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffSpecs } from '../src/breaking.mjs';
import { checkBreaking } from '../src/check-breaking.mjs';
import correctionBlock from '../src/correction-block.cjs';
import changelog from '../src/changelog.cjs';
import { sourceProblem } from '../src/corrections.mjs';
import { onVersionLine } from '../src/release-dry.mjs';
import { groupVersion } from '../src/workspace.mjs';

const ROOT = resolve(import.meta.dirname, '../../..');
const BASE = join(ROOT, 'spec/releases/1.33.0/openapi.json');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = any;
const base = (): Doc => JSON.parse(readFileSync(BASE, 'utf8'));

/** The released bundle with `exchange` required on the options routes and `exchange` dropped from instrument records. */
function corrected(): Doc {
  const head = base();
  head.components.parameters.OptionsExchangeQuery.required = true;
  delete head.components.schemas.InstrumentRecord.properties.exchange;
  return head;
}
const REQUIRED = 'OptionsExchangeQuery (query parameter `exchange`)';
const REMOVED = 'InstrumentRecord.exchange';
const SOURCE = 'spec/paths/v1/options_reference-price.yaml#/get';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** A gate run on the released bundle against `head`, with one pending changeset. */
function gate(head: Doc, changeset: string) {
  const dir = temp('corrections-');
  writeFileSync(join(dir, 'head.json'), JSON.stringify(head));
  mkdirSync(join(dir, '.changeset'));
  writeFileSync(join(dir, '.changeset/config.json'), '{}');
  writeFileSync(join(dir, '.changeset/contract-was-wrong.md'), changeset);
  const out: string[] = [];
  const env = { BASE_SPEC: BASE, HEAD_SPEC: join(dir, 'head.json'), CHANGESET_DIR: join(dir, '.changeset'), API_DIFF_OUT: join(dir, 'api-diff.md') };
  // The fixture pair stands for the default comparison (last release → current bundle), where the release-time rules
  // hold: a stale acknowledgement fails. Explicit pairs are tested in 'every documented invocation' below.
  const defaultPair = { base: env.BASE_SPEC, head: env.HEAD_SPEC };
  const run = async () => checkBreaking({ env, defaultPair, log: (l: string) => out.push(l), error: (l: string) => out.push(l) });
  return { run, out, diff: () => readFileSync(join(dir, 'api-diff.md'), 'utf8') };
}

const changeset = (type: string, block?: string) =>
  `---\n'@laevitas-api/types': ${type}\n'@laevitas-api/client': ${type}\n---\n\nThe options routes need \`exchange\`, as the service answers.\n` +
  (block === undefined ? '' : `\n\`\`\`yaml corrections\n${block}\`\`\`\n`);
const ack = (rule: string, where: string, source = SOURCE) => `  - rule: ${rule}\n    where: ${JSON.stringify(where)}\n    source: ${source}\n`;
const both = `since: API v1.18.0\nacknowledges:\n${ack('parameter-required', REQUIRED)}${ack('response-field-removed', REMOVED)}`;

describe('the fixture', () => {
  it('has exactly the two breaking changes the acknowledgements name', () => {
    const { breaking } = diffSpecs(base(), corrected());
    expect(breaking.map((c: { rule: string; where: string }) => `${c.rule} ${c.where}`).sort()).toEqual([
      `parameter-required ${REQUIRED}`,
      `response-field-removed ${REMOVED}`,
    ]);
  });
});

describe('pnpm check:breaking with acknowledged corrections', () => {
  it('an unacknowledged breaking change fails, and the output gives the block to paste', async () => {
    const g = gate(corrected(), changeset('minor'));
    expect(await g.run()).toBe(1);
    const out = g.out.join('\n');
    expect(out).toMatch(/BREAKING \[parameter-required\]/);
    expect(out).toContain('```yaml corrections');
    expect(out).toContain(`where: ${JSON.stringify(REQUIRED)}`);
  });
  it('every breaking change acknowledged in a minor changeset passes, and the diff and the console say correction', async () => {
    const g = gate(corrected(), changeset('minor', both));
    expect(await g.run()).toBe(0);
    const out = g.out.join('\n');
    expect(out).toContain('2 breaking (2 acknowledged as corrections)');
    expect(out).toContain(`correction [parameter-required] ${REQUIRED} — since API v1.18.0, source ${SOURCE} (.changeset/contract-was-wrong.md)`);
    expect(out).not.toMatch(/BREAKING/);
    expect(g.diff()).toContain('## Breaking changes (2): 2 acknowledged as corrections of the contract');
    expect(g.diff()).toContain(
      `became required (\`parameter-required\`): a client that does not send it gets 400 — **correction** (the service already behaved this way since API v1.18.0; source: ${SOURCE}; .changeset/contract-was-wrong.md)`,
    );
  });
  it('one change acknowledged and one not fails, naming only the other', async () => {
    const g = gate(corrected(), changeset('minor', `since: API v1.18.0\nacknowledges:\n${ack('parameter-required', REQUIRED)}`));
    expect(await g.run()).toBe(1);
    const out = g.out.join('\n');
    expect(out).toMatch(/BREAKING \[response-field-removed\] InstrumentRecord field `exchange` was removed/);
    expect(out).not.toMatch(/BREAKING \[parameter-required\]/);
  });
  it('a stale acknowledgement (it matches no breaking change) fails, even when every change is acknowledged', async () => {
    const stale = `${both}${ack('response-field-removed', 'InstrumentRecord.instrument_name')}`;
    const g = gate(corrected(), changeset('minor', stale));
    expect(await g.run()).toBe(1);
    expect(g.out.join('\n')).toMatch(/acknowledgement response-field-removed at "InstrumentRecord\.instrument_name" matches no breaking change \(stale/);
  });
  it('a stale acknowledgement fails when nothing breaks, and beside a major', async () => {
    const additive = base();
    additive.components.schemas.InstrumentRecord.properties.venue_id = { type: 'string' };
    expect(await gate(additive, changeset('minor', both)).run()).toBe(1);
    const major = gate(corrected(), changeset('major', `since: API v1.18.0\nacknowledges:\n${ack('response-field-removed', 'InstrumentRecord.status')}`));
    expect(await major.run()).toBe(1);
    expect(major.out.join('\n')).toMatch(/matches no breaking change/);
  });
  it('an acknowledgement without a source fails, and the change it meant stays unacknowledged', async () => {
    const block = `since: API v1.18.0\nacknowledges:\n${ack('response-field-removed', REMOVED)}  - rule: parameter-required\n    where: ${JSON.stringify(REQUIRED)}\n`;
    const g = gate(corrected(), changeset('minor', block));
    expect(await g.run()).toBe(1);
    const out = g.out.join('\n');
    expect(out).toMatch(/corrections\.acknowledges\[1\]\.source is required/);
    expect(out).toMatch(/BREAKING \[parameter-required\]/);
  });
  it('a source the gate cannot check fails: http, a missing file, a node without x-source', async () => {
    for (const [source, problem] of [
      ['http://example.com/changelog', /must be an https URL/],
      ['spec/components/schemas/NoSuchSchema.yaml', /does not exist/],
      ['spec/paths/v1/options_reference-price.yaml', /records no x-source/],
      ['spec/paths/v1/options_reference-price.yaml#/get/nothing', /has nothing at/],
    ] as const) {
      const block = `since: API v1.18.0\nacknowledges:\n${ack('parameter-required', REQUIRED, source)}${ack('response-field-removed', REMOVED)}`;
      const g = gate(corrected(), changeset('minor', block));
      expect(await g.run(), source).toBe(1);
      expect(g.out.join('\n')).toMatch(problem);
    }
  });
  it('a correction released as a patch fails (users compile against the changed types)', async () => {
    const g = gate(corrected(), changeset('patch', both));
    expect(await g.run()).toBe(1);
    expect(g.out.join('\n')).toMatch(/releases @laevitas-api\/types, @laevitas-api\/client as a patch: a correction is a minor at least/);
  });
  it('an acknowledgement of an additive rule, or of no rule, fails', async () => {
    const block = `since: API v1.18.0\nacknowledges:\n${ack('response-field-added', REMOVED)}${ack('field-gone', REQUIRED)}`;
    const g = gate(corrected(), changeset('minor', block));
    expect(await g.run()).toBe(1);
    expect(g.out.join('\n')).toMatch(/rule `response-field-added` is additive/);
    expect(g.out.join('\n')).toMatch(/rule `field-gone` is not a rule of the gate/);
  });
  it('the same change acknowledged twice fails', async () => {
    const g = gate(corrected(), changeset('minor', `${both}${ack('parameter-required', REQUIRED)}`));
    expect(await g.run()).toBe(1);
    expect(g.out.join('\n')).toMatch(/already acknowledges: keep one/);
  });
  it('the repository as it is passes its own gate', async () => {
    const out: string[] = [];
    const env = { API_DIFF_OUT: join(temp('gate-'), 'api-diff.md') };
    expect(await checkBreaking({ env, log: (l: string) => out.push(l), error: (l: string) => out.push(l) })).toBe(0);
    expect(out.join('\n')).not.toMatch(/BREAKING|matches no breaking change/);
  });
});

describe('the corrections block', () => {
  const { readCorrectionBlock } = correctionBlock;
  it('reads each acknowledgement, a per-entry since overriding the block, and returns the text without the block', () => {
    const read = readCorrectionBlock(
      `Intro.\n\n\`\`\`yaml corrections\nsince: API v1.33.0 or earlier\nacknowledges:\n${ack('parameter-required', REQUIRED)}    since: API v1.18.0\n\`\`\`\n\nAfter.`,
    );
    expect(read.errors).toEqual([]);
    expect(read.acknowledges).toEqual([{ rule: 'parameter-required', where: REQUIRED, source: SOURCE, since: 'API v1.18.0' }]);
    expect(read.text).toBe('Intro.\n\nAfter.');
  });
  it('names the field of every malformed entry', () => {
    const read = readCorrectionBlock('```yaml corrections\nacknowledges:\n  - rule: parameter-required\n    wher: x\n```\n');
    expect(read.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/acknowledges\[0\]: unknown field `wher`/),
        expect.stringMatching(/acknowledges\[0\]\.where is required/),
        expect.stringMatching(/acknowledges\[0\]\.source is required/),
        expect.stringMatching(/acknowledges\[0\]\.since is required/),
      ]),
    );
    expect(readCorrectionBlock('```yaml corrections\n[1\n```\n').errors[0]).toMatch(/not YAML/);
    expect(readCorrectionBlock('```yaml corrections\nsince: v\nacknowledges: []\n```\n').errors[0]).toMatch(/non-empty list/);
    expect(readCorrectionBlock('No block here.')).toEqual({ acknowledges: [], errors: [], text: 'No block here.' });
  });
  it('accepts the spec pointers and https URLs the real changeset uses', () => {
    expect(sourceProblem(SOURCE, ROOT)).toBeUndefined();
    expect(sourceProblem('spec/asyncapi/security/ApiKeyQuery.yaml', ROOT)).toBeUndefined();
    expect(sourceProblem('https://github.com/Laevitas/cli/blob/8e50d9a37d9d00de56dd8d14c71a3c44b4794624/CHANGELOG.md', ROOT)).toBeUndefined();
    expect(sourceProblem('../outside.yaml', ROOT)).toMatch(/must be an https URL or a spec source file/);
    expect(sourceProblem('spec/../package.json', ROOT)).toMatch(/must be an https URL or a spec source file/);
  });
});

describe('the example of .changeset/README.md', () => {
  it('is a block the gate reads without error, whose sources resolve', () => {
    const readme = readFileSync(join(ROOT, '.changeset/README.md'), 'utf8');
    const read = correctionBlock.readCorrectionBlock(readme);
    expect(read.errors).toEqual([]);
    expect(read.acknowledges.map((a) => `${a.rule} ${a.since}`)).toEqual([
      'parameter-required API v1.33.0 or earlier; the first version is not on record',
      'security-narrowed API v1.18.0',
    ]);
    for (const a of read.acknowledges) expect(sourceProblem(a.source, ROOT), a.source).toBeUndefined();
  });
});

describe('release:dry keeps the group on the API line', () => {
  it('a minor after 1.33.0 is on the 1.x line; 2.0.0 with info.version 1.33.0 is refused, saying what to do', () => {
    expect(onVersionLine('1.34.0', '1.33.0')).toBe('1');
    expect(() => onVersionLine('2.0.0', '1.33.0')).toThrow(
      /would release 2\.0\.0, off the API's version line \(info\.version 1\.33\.0, so 1\.x\).*acknowledged in its changeset/,
    );
    expect(onVersionLine('2.0.0', '2.0.0')).toBe('2'); // the API itself broke: both move
  });
  it('the release baseline is named by the group version (a 1.34.0 correction does not overwrite the 1.33.0 bundle)', () => {
    expect(groupVersion(ROOT)).toBe(JSON.parse(readFileSync(join(ROOT, 'packages/types/package.json'), 'utf8')).version);
    const dir = temp('group-version-');
    mkdirSync(join(dir, '.changeset'));
    writeFileSync(join(dir, '.changeset/config.json'), JSON.stringify({ fixed: [['@laevitas-api/types', '@laevitas-api/client']] }));
    writeFileSync(join(dir, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n');
    const pkg = (name: string, version: string) => {
      mkdirSync(join(dir, 'packages', name), { recursive: true });
      writeFileSync(join(dir, 'packages', name, 'package.json'), JSON.stringify({ name: `@laevitas-api/${name}`, version }));
    };
    pkg('types', '1.34.0');
    pkg('client', '1.34.0');
    pkg('testing', '0.1.0');
    expect(groupVersion(dir)).toBe('1.34.0');
    pkg('client', '1.33.0');
    expect(() => groupVersion(dir)).toThrow(
      /no single version: @laevitas-api\/client@1\.33\.0, @laevitas-api\/types@1\.34\.0|no single version: @laevitas-api\/types@1\.34\.0, @laevitas-api\/client@1\.33\.0/,
    );
  });
});

describe('the CHANGELOG of a release with corrections', () => {
  it('getReleaseLine replaces the block with the warning; a changeset without one is written as Changesets writes it', async () => {
    const line = await changelog.getReleaseLine({ summary: changeset('minor', both).split('---\n')[2]?.trim() ?? '', commit: 'abcdef0123' });
    expect(line).toMatch(/^- abcdef0: The options routes need `exchange`/);
    expect(line).toContain('  **Correction** (the service already behaved this way since API v1.18.0): code compiled against the old types may need changes.');
    expect(line).toContain(`  - ${REQUIRED} (\`parameter-required\`; source: ${SOURCE})`);
    expect(line).not.toContain('```');
    expect(await changelog.getReleaseLine({ summary: 'Add a field.\n\nMore.' })).toBe('- Add a field.\n\n  More.');
  });

  it('`changeset version` with the repository config: the group goes 1.33.0 → 1.34.0 (not 2.0.0), the testing kit 0.x on its own, each CHANGELOG warns', () => {
    const dir = temp('changeset-version-');
    const config = JSON.parse(readFileSync(join(ROOT, '.changeset/config.json'), 'utf8'));
    mkdirSync(join(dir, '.changeset'));
    // The repository's config, with the changelog module at its place in this checkout.
    config.changelog = join(ROOT, 'tools/release/src/changelog.cjs');
    writeFileSync(join(dir, '.changeset/config.json'), JSON.stringify(config));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'root', private: true }));
    writeFileSync(join(dir, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n');
    // The published packages' real names, versions and dependency kinds (the client's optional peer dependency on the
    // validators is what made Changesets turn every minor into 2.0.0 without onlyUpdatePeerDependentsWhenOutOfRange).
    const dirsOf: Record<string, string> = {
      types: 'packages/types',
      validators: 'packages/validators',
      client: 'packages/client',
      docs: 'packages/docs',
      contract: 'tools/contract',
      spec: 'spec',
      testing: 'packages/testing',
    };
    for (const [name, from] of Object.entries(dirsOf)) {
      const real = JSON.parse(readFileSync(join(ROOT, from, 'package.json'), 'utf8'));
      mkdirSync(join(dir, 'packages', name), { recursive: true });
      const pick = (deps: Record<string, string> | undefined) => Object.fromEntries(Object.entries(deps ?? {}).filter(([k]) => k.startsWith('@laevitas-api/')));
      writeFileSync(
        join(dir, 'packages', name, 'package.json'),
        JSON.stringify({
          name: real.name,
          version: name === 'testing' ? '0.0.0' : '1.33.0',
          dependencies: pick(real.dependencies),
          peerDependencies: pick(real.peerDependencies),
        }),
      );
    }
    const group = ['types', 'validators', 'client', 'docs', 'contract', 'spec'];
    writeFileSync(
      join(dir, '.changeset/contract-was-wrong.md'),
      `---\n${group.map((n) => `'@laevitas-api/${n}': minor`).join('\n')}\n---\n\nThe options routes need \`exchange\`.\n\n\`\`\`yaml corrections\n${both}\`\`\`\n`,
    );
    writeFileSync(join(dir, '.changeset/testing-kit.md'), `---\n'@laevitas-api/testing': minor\n---\n\nNew package.\n`);
    cpSync(join(ROOT, '.changeset/README.md'), join(dir, '.changeset/README.md'));
    execFileSync(process.execPath, [join(ROOT, 'node_modules/@changesets/cli/bin.js'), 'version'], { cwd: dir, stdio: 'pipe' });
    for (const name of group) {
      expect(JSON.parse(readFileSync(join(dir, 'packages', name, 'package.json'), 'utf8')).version, name).toBe('1.34.0');
      const log = readFileSync(join(dir, 'packages', name, 'CHANGELOG.md'), 'utf8');
      expect(log).toMatch(/## 1\.34\.0\n\n### Minor Changes\n\n- The options routes need `exchange`\./);
      expect(log).toContain('**Correction** (the service already behaved this way since API v1.18.0): code compiled against the old types may need changes.');
      expect(log).not.toContain('yaml corrections');
    }
    expect(JSON.parse(readFileSync(join(dir, 'packages/testing/package.json'), 'utf8')).version).toBe('0.1.0');
    expect(readFileSync(join(dir, 'packages/testing/CHANGELOG.md'), 'utf8')).not.toContain('Correction');
  });
});
