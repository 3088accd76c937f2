// spec/EXTENSIONS.md tells the truth: every `x-` key of the spec has a section with its target, value type and a YAML
// example whose value has the JSON type the spec uses; every reader a section claims really uses the key (or, through
// codegen, the field derived from it) outside comments; and code that uses a key is listed as its reader.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import YAML from 'yaml';
import { ROOT, listFiles, loadBundle } from './load.js';

/**
 * The x-source section is appended by the change that moves provenance into `x-source`; until it lands, x-source
 * is the one key allowed to have no section. Remove it from this set once its section exists.
 */
const SECTION_PENDING = new Set<string>();

type Reader = { raw: string; target: string; via?: string };
type Section = {
  name: string;
  body: string;
  appliesTo?: string | undefined;
  value?: string | undefined;
  example?: string | undefined;
  readers: Reader[];
  none: boolean;
  malformed: string[];
};

export function parseExtensions(markdown: string): Section[] {
  const parts = markdown.split(/^## /m).slice(1);
  return parts.map((part) => {
    const name = /^`(x-[\w-]+)`/.exec(part)?.[1] ?? part.split('\n')[0]!;
    const section: Section = { name, body: part, readers: [], none: false, malformed: [] };
    section.appliesTo = /^- \*\*Applies to:\*\* (.+)$/m.exec(part)?.[1];
    section.value = /^- \*\*Value:\*\* (.+)$/m.exec(part)?.[1];
    section.example = /```yaml\n([\s\S]*?)```/.exec(part)?.[1];
    // A blank line may separate the heading from its list (Prettier writes one).
    const readBy = /\*\*Read by:\*\*\n\n?((?:- .*\n?)+)/.exec(part)?.[1] ?? '';
    for (const line of readBy.split('\n').filter(Boolean)) {
      if (/^- none(:|$)/.test(line)) {
        section.none = true;
        continue;
      }
      const m = /^- `([^`]+)`(?: via `([^`]+)`)?: \S/.exec(line);
      if (m) section.readers.push({ raw: line, target: m[1]!, ...(m[2] ? { via: m[2] } : {}) });
      else section.malformed.push(line);
    }
    return section;
  });
}

/** JavaScript/TypeScript source without its comments (a mention in a comment is not a use). */
export function codeOnly(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\'"`])\/\/.*$/gm, '$1');
}

/** Every `x-` key in the bundled spec with the values it takes (keys of headers, properties and examples are data). */
function extensionUses(document: unknown): Map<string, unknown[]> {
  const uses = new Map<string, unknown[]>();
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key.startsWith('x-')) uses.set(key, [...(uses.get(key) ?? []), child]);
      if (key === 'headers' || key === 'properties' || key === 'example' || key === 'examples') {
        if (key === 'headers' || key === 'properties') for (const inner of Object.values(child ?? {})) walk(inner);
        continue;
      }
      walk(child);
    }
  };
  walk(document);
  return uses;
}

const jsonType = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

const require = createRequire(join(ROOT, 'package.json'));
/** A reader's text: a repository file (comments removed), or every .js file of an installed npm package. */
function readerText(target: string): { found: boolean; text: () => Iterable<string> } {
  if (target.startsWith('npm:')) {
    const name = target.slice(4);
    let dir: string | undefined;
    try {
      dir = join(require.resolve(`${name}/package.json`), '..');
    } catch {
      const candidate = join(ROOT, 'node_modules', name);
      dir = existsSync(candidate) ? candidate : undefined;
    }
    return { found: dir !== undefined, text: () => (dir ? jsFiles(dir) : []) };
  }
  const path = join(ROOT, target);
  return { found: existsSync(path) && statSync(path).isFile(), text: () => [codeOnly(readFileSync(path, 'utf8'))] };
}

function* jsFiles(dir: string): Iterable<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* jsFiles(path);
    else if (/\.(c|m)?js$/.test(entry.name)) yield readFileSync(path, 'utf8');
  }
}

const uses = (texts: Iterable<string>, token: string) => {
  // A key is used as a string or property name; `x-x402` inside `x-x402-price` is another key.
  const pattern = token.startsWith('x-') ? new RegExp(`['"\`.\\[]${token.replace(/-/g, '\\-')}(?![\\w-])`) : new RegExp(`\\b${token}\\b`);
  for (const text of texts) if (pattern.test(text)) return true;
  return false;
};

/** Code that could read an extension: sources, the validators' runtime and scripts (generated code and tests excluded). */
function codeFiles(): string[] {
  const roots = [
    ...readdirSync(join(ROOT, 'tools')).map((t) => join('tools', t, 'src')),
    ...readdirSync(join(ROOT, 'packages')).map((p) => join('packages', p, 'src')),
    'packages/validators/runtime',
    'packages/docs/scripts',
  ];
  return roots
    .flatMap((dir) => listFiles(join(ROOT, dir)))
    .map((path) => relative(ROOT, path))
    .filter((path) => /\.(ts|mts|cts|mjs|cjs|js)$/.test(path) && !path.includes('/generated/') && !path.includes('node_modules'));
}

const markdown = readFileSync(join(ROOT, 'spec/EXTENSIONS.md'), 'utf8');
const sections = parseExtensions(markdown);
// Every published contract: the OpenAPI bundle, its 3.0 down-conversion (`x-oas31` notes) and the AsyncAPI bundle of
// the streaming gateway.
const used = extensionUses(loadBundle());
for (const [key, values] of extensionUses(YAML.parse(readFileSync(join(ROOT, 'spec/dist/openapi-3.0.yaml'), 'utf8')))) {
  if (!used.has(key)) used.set(key, values);
}
for (const [key, values] of extensionUses(JSON.parse(readFileSync(join(ROOT, 'spec/dist/asyncapi.json'), 'utf8'))))
  used.set(key, [...(used.get(key) ?? []), ...values]);

describe('spec/EXTENSIONS.md', () => {
  it('has one section per x- key of the spec, and none for a key the spec does not use', () => {
    const documented = sections.map((s) => s.name);
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
    expect([...used.keys()].filter((name) => !documented.includes(name) && !SECTION_PENDING.has(name)).sort()).toEqual([]);
    expect(documented.filter((name) => !used.has(name))).toEqual([]);
  });

  describe.each(sections.map((s) => [s.name, s] as const))('%s', (name, section) => {
    it('says where it applies and what its value is, with a YAML example of the same JSON type as the spec', () => {
      expect(section.appliesTo, 'Applies to').toBeTruthy();
      expect(section.value, 'Value').toBeTruthy();
      expect(section.example, 'yaml example').toBeTruthy();
      const example = extensionUses(YAML.parse(section.example!)).get(name);
      expect(example, `the example sets ${name}`).toBeDefined();
      const specTypes = new Set((used.get(name) ?? []).map(jsonType));
      for (const value of example!) expect([...specTypes]).toContain(jsonType(value));
    });

    it('lists its readers in the agreed form: none, or readers, never both', () => {
      expect(section.malformed).toEqual([]);
      expect(section.none || section.readers.length > 0).toBe(true);
      expect(section.none && section.readers.length > 0).toBe(false);
    });

    it('every claimed reader uses it', () => {
      const direct = section.readers.filter((r) => !r.via);
      const wrong: string[] = [];
      for (const reader of section.readers) {
        const source = readerText(reader.target);
        if (!source.found) wrong.push(`${reader.target}: no such file or package`);
        else if (!reader.via && !uses(source.text(), name)) wrong.push(`${reader.target} does not read ${name}`);
        else if (reader.via && !uses(source.text(), reader.via)) wrong.push(`${reader.target} does not use ${reader.via}`);
        else if (reader.via && !direct.some((d) => d.target.startsWith('npm:') === false && uses(readerText(d.target).text(), reader.via!))) {
          wrong.push(`${reader.target} via ${reader.via}: no direct reader of ${name} here writes ${reader.via}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  });

  it('lists every source file that reads a key among its readers', () => {
    const listed = new Map(sections.map((s) => [s.name, new Set(s.readers.map((r) => r.target))]));
    const unlisted: string[] = [];
    for (const path of codeFiles()) {
      const code = codeOnly(readFileSync(join(ROOT, path), 'utf8'));
      for (const name of used.keys()) {
        if (uses([code], name) && !listed.get(name)?.has(path) && !SECTION_PENDING.has(name)) unlisted.push(`${path} reads ${name}`);
      }
    }
    expect(unlisted).toEqual([]);
  });
});

/**
 * Keys the client must act on (issue 11): each has a reader in packages/client/src that uses the field codegen
 * derives from it (`via`), and the generated table really carries that field. Together with "every claimed reader
 * uses it" above, a key claimed for the client and not read, or read from a field codegen no longer writes, fails.
 */
const CLIENT_KEYS = [
  'x-idempotent-payment',
  'x-credit-cost',
  'x-required-accept',
  'x-x402-price',
  'x-x402',
  'x-rate-limit-group',
  'x-currency-subsets',
  'x-max-window',
  'x-requires-one-of',
];

describe('the client reads the keys it must act on', () => {
  // The per-operation table and the spec-wide constants (spec-info.ts: X402_TERMS, RATE_LIMITS) it is split into.
  const generated = ['operations.ts', 'spec-info.ts']
    .map((file) => codeOnly(readFileSync(join(ROOT, 'packages/client/src/generated', file), 'utf8')))
    .join('\n');
  it.each(CLIENT_KEYS)('%s: a client reader via a generated field, and the field is in the generated table', (name) => {
    const section = sections.find((s) => s.name === name);
    expect(section, `${name} has a section`).toBeDefined();
    const clientReaders = section!.readers.filter((r) => r.target.startsWith('packages/client/src/') && r.via);
    expect(
      clientReaders.map((r) => r.raw),
      `${name}: a reader in packages/client/src`,
    ).not.toEqual([]);
    for (const reader of clientReaders) {
      expect(uses(readerText(reader.target).text(), reader.via!), `${reader.target} uses ${reader.via}`).toBe(true);
      expect(new RegExp(`["\\s]${reader.via}["\\s:]`).test(generated), `the generated table carries ${reader.via}`).toBe(true);
    }
  });
});

describe('the checks themselves', () => {
  it('a claimed reader that only mentions the key in a comment does not count', () => {
    expect(uses([codeOnly('// reads x-max-cells\nconst a = 1; /* x-max-cells */')], 'x-max-cells')).toBe(false);
    expect(uses([codeOnly("const url = 'https://host/x'; const v = op['x-max-cells'];")], 'x-max-cells')).toBe(true);
  });
  it('a reader for a longer key does not count for its prefix', () => {
    expect(uses(["op['x-x402-price']"], 'x-x402')).toBe(false);
    expect(uses(["info['x-x402']"], 'x-x402')).toBe(true);
  });
  it('parses readers, via-readers, none and malformed lines', () => {
    const [s] = parseExtensions('## `x-a`\n\n**Read by:**\n- `a/b.mjs`: reads it.\n- `c.ts` via `f`: uses f.\n- a/b.mjs reads it\n');
    expect(s!.readers).toEqual([
      { raw: '- `a/b.mjs`: reads it.', target: 'a/b.mjs' },
      { raw: '- `c.ts` via `f`: uses f.', target: 'c.ts', via: 'f' },
    ]);
    expect(s!.malformed).toEqual(['- a/b.mjs reads it']);
    expect(parseExtensions('## `x-b`\n\n**Read by:**\n- none: documents it.\n')[0]!.none).toBe(true);
    // The same list after a blank line (how Prettier writes it) reads the same.
    expect(parseExtensions('## `x-a`\n\n**Read by:**\n\n- `a/b.mjs`: reads it.\n')[0]!.readers).toEqual([{ raw: '- `a/b.mjs`: reads it.', target: 'a/b.mjs' }]);
  });
});
