// The reference's build input and the built site, checked without a browser: every operation carries its samples
// and the notes its extensions call for, every TypeScript sample and guide snippet compiles against the packages,
// every sample is a request the validators accept, and no page text cites an internal file or shows an extension key.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { validateRequest } from '@laevitas-api/validators';
import type { OperationId } from '@laevitas-api/types/operations';
import { sampleRequest } from '@laevitas-api/codegen/docs-samples';
import { operationsOf } from '@laevitas-api/spec-model';
import { GUIDES, STATUS_ADVICE } from '../scripts/guides.mjs';

const pkg = new URL('..', import.meta.url).pathname;
const root = join(pkg, '../..');
const spec = JSON.parse(readFileSync(join(root, 'spec/dist/openapi.json'), 'utf8'));
const docs = JSON.parse(readFileSync(join(pkg, 'generated/openapi.docs.json'), 'utf8'));
const site = JSON.parse(readFileSync(join(pkg, '.tmp/openapi.site.json'), 'utf8'));
const dist = join(pkg, 'dist');
/** Every page of the built site (landing, guides, sections), by path. */
const pageFiles = [
  'index.html',
  ...readdirSync(dist)
    .filter((f) => existsSync(join(dist, f, 'index.html')))
    .map((f) => `${f}/index.html`),
];
const pages = new Map(pageFiles.map((f) => [f, readFileSync(join(dist, f), 'utf8')]));
const html = [...pages.values()].join('\n');

type Op = { operationId: string; description?: string; 'x-codeSamples'?: { lang: string; label: string; source: string }[]; [k: string]: unknown };
const opsOf = (document: any): { path: string; method: string; op: Op }[] =>
  Object.entries(document.paths).flatMap(([path, item]: [string, any]) =>
    Object.entries(item)
      .filter(([, op]: [string, any]) => op?.operationId)
      .map(([method, op]) => ({ path, method, op: op as Op })),
  );
const specOps = opsOf(spec);
const docsOps = new Map(opsOf(docs).map((o) => [o.op.operationId, o.op]));

/** Every extension key the contract uses (keys of name maps such as `headers` are names, not extensions). */
function extensionKeys(document: unknown): Set<string> {
  const names = new Set<string>();
  const maps = new Set(['headers', 'properties', 'variables', 'schemas', 'responses', 'parameters', 'securitySchemes', 'paths', 'examples', 'content']);
  const walk = (node: unknown, parent?: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k.startsWith('x-') && !maps.has(parent ?? '')) names.add(k);
      walk(v, k);
    }
  };
  walk(document);
  return names;
}
const EXTENSIONS = [...extensionKeys(spec)].filter((k) => !['x-tagGroups'].includes(k));
const INTERNAL = [
  /facts\.md/i,
  /v1-family/i,
  /legacy-family/i,
  /EXTENSIONS\.md/,
  /anchors\.md/,
  /§/,
  /\bsection \d/i,
  /\bdocument \d/i,
  /public facts/i,
  /\b(legacy|v1) reference §/,
];

/** Every string a reader sees: descriptions, summaries, titles, sample sources, tag and server texts. */
function visibleTexts(document: unknown): string[] {
  const texts: string[] = [];
  const walk = (node: unknown, key?: string) => {
    if (typeof node === 'string') {
      if (['description', 'summary', 'title', 'source', 'name'].includes(key ?? '')) texts.push(node);
      return;
    }
    if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, Array.isArray(node) ? key : k);
  };
  walk(document);
  return texts;
}

describe('the docs build input', () => {
  it('has curl, TypeScript-client, Python, Go, Rust, Java and C# samples for every operation, the client sample calling its method', () => {
    expect(docsOps.size).toBe(specOps.length);
    for (const { op, path } of specOps) {
      const samples = docsOps.get(op.operationId)!['x-codeSamples'] ?? [];
      expect(
        samples.map((s) => s.label),
        op.operationId,
      ).toEqual(['curl', 'TypeScript client', 'Python (requests)', 'Go (net/http)', 'Rust (reqwest)', 'Java (java.net.http)', 'C# (HttpClient)']);
      expect(samples[0]!.source).toMatch(/^curl /);
      expect(samples[1]!.source).toContain(`await client.${op.operationId}(`);
      expect(samples[2]!.source).toContain('import requests');
      // Every raw-HTTP sample calls the same route (one request description converted by httpsnippet).
      const route = path.replace(/\{[^}]+\}/g, '');
      for (const s of samples.filter((x) => x.label !== 'TypeScript client'))
        for (const part of route.split('/').filter(Boolean)) expect(s.source, `${op.operationId} ${s.label}`).toContain(part);
    }
  });

  it('sends, in every sample, a request the generated validators accept', () => {
    const failures: string[] = [];
    for (const model of operationsOf(spec)) {
      const request = sampleRequest(spec, model);
      const result = validateRequest(
        model.operationId as OperationId,
        { path: request.path, query: request.query, headers: request.header, body: request.body } as never,
      );
      if (!result.ok) failures.push(`${model.operationId}: ${JSON.stringify(result.issues)}`);
    }
    expect(failures).toEqual([]);
  });

  it('states price and rate limit on every operation, and what each extension of it says', () => {
    const limits = spec.info['x-rate-limits'];
    for (const { op } of specOps) {
      const text = docsOps.get(op.operationId)!.description ?? '';
      expect(text, op.operationId).toMatch(/\*\*Price:\*\*/);
      expect(text, op.operationId).toMatch(/\*\*Rate limit/);
      if (op['x-x402-price']) expect(text).toContain(`${op['x-x402-price']} ${spec.info['x-x402'].asset} per call`);
      const group = (op['x-rate-limit-group'] as string | undefined) ?? (op.operationId && limits[(op['x-rate-limit-group'] as string) ?? ''] ? '' : undefined);
      if (op['x-rate-limit-group'])
        for (const w of limits[op['x-rate-limit-group'] as string]) expect(text).toContain(`${w.limit} requests per ${w.windowSeconds} s`);
      void group;
      const pagination = op['x-pagination'] as { style: string; itemsPath: string } | undefined;
      if (pagination) expect(text).toContain(`**Pagination:** ${pagination.style === 'cursor' ? 'cursor' : 'pages'}. Rows are in \`${pagination.itemsPath}\``);
      const window = op['x-max-window'] as { days: number; unlessParam?: string } | undefined;
      if (window) expect(text).toContain(`**Maximum window:** ${window.days} day`);
      if (window?.unlessParam) expect(text).toContain(`no limit when \`${window.unlessParam}\` is given`);
      if (op['x-max-cells'] !== undefined) expect(text).toContain(`at most ${op['x-max-cells']} cells`);
      for (const [market, currencies] of Object.entries((op['x-currency-subsets'] ?? {}) as Record<string, string[]>))
        expect(text).toContain(`| ${market} | ${currencies.join(', ')} |`);
      if (op['x-inferred-route']) expect(text).toContain('**Inferred route.**');
      if (op['x-requires-one-of']) for (const name of op['x-requires-one-of'] as string[]) expect(text).toContain(`\`${name}\``);
    }
    // The versioned family's published windows appear on a versioned page.
    const ohlcvt = docsOps.get('getOptionsOhlcvt')!.description!;
    for (const w of limits.v1) expect(ohlcvt).toContain(`${w.limit} requests per ${w.windowSeconds} s`);
  });

  it('links the source where it is public and never shows the internal label', () => {
    const withSource = specOps.filter(({ op }) => typeof op['x-source'] === 'string');
    expect(withSource.length).toBeGreaterThan(100);
    const linked = withSource.filter(({ op }) => /\*\*Source:\*\* .*\]\(https?:\/\//.test(docsOps.get(op.operationId)!.description ?? ''));
    expect(linked.length).toBeGreaterThan(100);
    expect(docsOps.get('getOptionsOhlcvt')!.description).not.toContain('v1 reference');
  });

  it('marks operations whose response is only partly published', () => {
    const marked = [...docsOps.values()].filter((op) => op.description?.includes('**Partly published response.**'));
    expect(marked.length).toBeGreaterThan(10);
  });
});

describe('the site text', () => {
  const texts = visibleTexts(site);
  it('cites no internal file or numbered section of the working documents', () => {
    for (const pattern of INTERNAL)
      expect(
        texts.filter((t) => pattern.test(t)).map((t) => t.slice(0, 160)),
        String(pattern),
      ).toEqual([]);
    // The pages' text (a link's slug such as `first-call-legacy-family` is no citation).
    const text = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]*>/g, ' ');
    for (const pattern of INTERNAL) expect(pattern.test(text), String(pattern)).toBe(false);
  });
  it('shows no extension key, in text or as a key of the rendered document', () => {
    expect(EXTENSIONS.length).toBeGreaterThan(10);
    for (const key of EXTENSIONS)
      expect(
        texts.filter((t) => new RegExp(`(?<![\\w-])${key}(?![\\w-])`).test(t)).map((t) => t.slice(0, 160)),
        key,
      ).toEqual([]);
    const kept = [...extensionKeys(site)].filter((k) => !['x-codeSamples', 'x-tagGroups', 'x-traitTag'].includes(k));
    expect(kept).toEqual([]);
  });
  it('has server descriptions without Markdown backticks', () => {
    for (const server of site.servers) expect(server.description).not.toContain('`');
  });
  it('loads no remote script, stylesheet or image', () => {
    const remote = [...html.matchAll(/<(script|link|img)\b[^>]*(src|href)="(https?:)?\/\/[^"]+"/g)].map((m) => m[0]);
    expect(remote).toEqual([]);
    expect(html.match(/.{60}cdn\.redoc\.ly.{40}/g) ?? []).toEqual([]);
  });
});

describe('the guides', () => {
  const guideTags = site.tags.filter((t: { 'x-traitTag'?: boolean }) => t['x-traitTag']);
  it('are pages of the site, in the Guides group, with their facts filled in', () => {
    expect(guideTags.map((t: { name: string }) => t.name).slice(0, GUIDES.length)).toEqual(GUIDES.map((g: { name: string }) => g.name));
    expect(site['x-tagGroups'][0].name).toBe('Guides');
    for (const tag of guideTags) expect(tag.description, tag.name).not.toMatch(/\{\{/);
    // A guide named like an API tag would share its page and sidebar link.
    const names = site.tags.map((t: { name: string }) => t.name.toLowerCase());
    expect(names.filter((n: string, i: number) => names.indexOf(n) !== i)).toEqual([]);
  });
  it('table the rate limits of info.x-rate-limits', () => {
    const text = guideTags.find((t: { name: string }) => t.name === 'Rate limits').description;
    for (const [group, windows] of Object.entries(spec.info['x-rate-limits'])) {
      if (!Array.isArray(windows)) continue;
      for (const w of windows as { limit: number; windowSeconds: number }[])
        expect(text, group).toMatch(new RegExp(`\\| ${w.limit} \\| ${w.windowSeconds} s \\|`));
    }
  });
  it('explain every documented error status with its body and what to do', () => {
    const text = guideTags.find((t: { name: string }) => t.name === 'Errors').description;
    const statuses = new Set(specOps.flatMap(({ op }) => Object.keys(op.responses as object).filter((s) => /^[45]/.test(s))));
    for (const status of statuses) {
      expect(text).toMatch(new RegExp(`^## ${status}\\b`, 'm'));
      expect(STATUS_ADVICE[status], status).toBeTruthy();
    }
    expect(text).toContain('```json');
  });
  it('show the quick-start samples of both families', () => {
    const text = guideTags.find((t: { name: string }) => t.name === 'Quick start').description;
    expect(text).toContain('https://apiv2.laevitas.ch/api/v1/options/ohlcvt');
    expect(text).toContain('https://api.laevitas.ch/analytics/');
    expect(text).toContain('await client.getOptionsOhlcvt(');
  });
});

describe('the code', () => {
  it('type-checks every TypeScript sample, guide snippet and package README example against the packages (one tsc run)', () => {
    // Guide snippets go next to the generated samples, each wrapped in its own function.
    const guides = site.tags.filter((t: { 'x-traitTag'?: boolean }) => t['x-traitTag']);
    const readmes = ['client', 'types', 'validators'].map((name) => readFileSync(join(root, 'packages', name, 'README.md'), 'utf8'));
    const tsBlocks = (text: string) => [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const snippets = [...guides.flatMap((t: { description: string }) => tsBlocks(t.description)), ...readmes.flatMap(tsBlocks)];
    expect(snippets.length).toBeGreaterThan(8);
    const imports = new Set<string>();
    const bodies = snippets.map((code: string, i: number) => {
      const lines = code.split('\n');
      for (const line of lines.filter((l) => l.startsWith('import '))) imports.add(line);
      return `export async function guideSnippet${i}(): Promise<void> {\n${lines
        .filter((l) => !l.startsWith('import '))
        .map((l) => `  ${l}`)
        .join('\n')}\n}`;
    });
    mkdirSync(join(pkg, '.tmp'), { recursive: true });
    // One named import per module, merged, so repeated imports do not clash.
    const merged = new Map<string, Set<string>>();
    for (const line of imports) {
      const m = /^import \{ (.+) \} from '(.+)';$/.exec(line.replace(/^import \* as (\w+) from/, 'import { * as $1 } from'));
      if (!m) throw new Error(`unexpected import in a guide: ${line}`);
      const names = merged.get(m[2]!) ?? new Set();
      for (const n of m[1]!.split(',').map((s) => s.trim())) names.add(n);
      merged.set(m[2]!, names);
    }
    writeFileSync(
      join(pkg, '.tmp/guide-snippets.ts'),
      [...[...merged].map(([from, names]) => `import { ${[...names].join(', ')} } from '${from}';`), '', ...bodies].join('\n'),
    );
    writeFileSync(
      join(pkg, '.tmp/tsconfig.snippets.json'),
      JSON.stringify({ extends: '../tsconfig.samples.json', compilerOptions: { rootDir: '..' }, files: ['../generated/samples.ts', 'guide-snippets.ts'] }),
    );
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', join(pkg, '.tmp/tsconfig.snippets.json')], { cwd: pkg, encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  }, 120_000);
});

describe('the deploy-ready folder', () => {
  it('holds a real page (no forwarding stub) at every section and guide path of the single-page site, a favicon and hashed shared files', () => {
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
    const ico = readFileSync(join(dist, 'favicon.ico'));
    expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    // The single-page site's sidebar linked every tag (guides included) at /<slug>.
    const slugs = site.tags.map((t: { name: string }) =>
      t.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    );
    expect(slugs).toContain('quick-start');
    expect(slugs).toContain('legacy-options');
    for (const slug of slugs) {
      const page = pages.get(`${slug}/index.html`);
      expect(page, slug).toBeDefined();
      expect(page).not.toContain('http-equiv="refresh"');
      expect(page).toContain('<div id="redoc">');
    }
    expect(readdirSync(dist).filter((f) => !existsSync(join(dist, f, 'index.html')))).toEqual([
      '.well-known',
      'assets',
      'favicon.ico',
      'index.html',
      'index.md',
      'llms-full.txt',
      'llms.txt',
      'spec',
      'stream.html',
    ]);
    const assets = readdirSync(join(dist, 'assets'));
    for (const file of assets) expect(file).toMatch(/^[a-z-]+\.[0-9a-f]{10}\.(js|css|json)$/);
    // Every page names the same shared files (one runtime, one stylesheet, one search index for the whole site).
    for (const [file, page] of pages) {
      // Redoc's runtime is named by the loader's import() (fetched on demand, no preload); the console's script only
      // where there are operations.
      const shared = [...page.matchAll(/(?:src|href|data-search-(?:index|lib))="(\/assets\/[^"]+)"|import\("(\/assets\/redoc\.[^"]+)"\)/g)].map(
        (m) => (m[1] ?? m[2])!,
      );
      expect(shared.length, file).toBe(page.includes('id="op-previews"') ? 7 : 6);
      expect(
        shared.filter((u) => /^\/assets\/redoc\.[0-9a-f]+\.js$/.test(u)),
        file,
      ).toHaveLength(1);
      for (const url of shared) expect(assets, `${file} -> ${url}`).toContain(url.slice('/assets/'.length));
    }
  });
  it("forwards the single-page site's hash links from the landing page to the page that now holds them", () => {
    const landing = pages.get('index.html')!;
    const forwarder = landing.match(/<script>(\(function\(\)\{var g=[\s\S]*?)<\/script>/)![1]!;
    const forward = (hash: string) => {
      let to: string | undefined;
      new Function('location', forwarder)({ hash, replace: (url: string) => (to = url) });
      return to;
    };
    expect(forward('#/quick-start')).toBe('/quick-start/');
    expect(forward('#/options')).toBe('/options/');
    expect(forward('#/options/getoptionsohlcvt')).toBe('/options/#/options/getoptionsohlcvt');
    expect(forward('#/legacy-options/getlegacyoptionsatm')).toBe('/legacy-options/#/legacy-options/getlegacyoptionsatm');
    expect(forward('#/no-such-section')).toBeUndefined();
    expect(forward('')).toBeUndefined();
  });
});
