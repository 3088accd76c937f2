// Citations of tests in a README: `path` › "test name", "another name"; `other/path` › "name". A path that starts
// with `packages/` or `tools/` is from the repository root, any other from the README's folder. A name ending in " …"
// cites the tests whose name starts with the text before it (names built from a template); a double quote inside a
// test name is cited as a single quote. Shared by the client's and the contract tool's readme-claims tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Citation {
  section: string;
  file: string;
  name: string;
}

const repoRoot = join(import.meta.dirname, '../../..');

/** Every citation in `text`, with the file resolved against `folder` (the README's) or the repository root. */
export function citations(text: string, folder: string, section = ''): Citation[] {
  const found: Citation[] = [];
  for (const match of text.matchAll(/`([\w./-]+\.[cm]?[jt]s)` › ((?:"[^"]+"(?:,\s*)?)+)/g)) {
    const path = match[1]!;
    const file = /^(packages|tools)\//.test(path) ? join(repoRoot, path) : join(folder, path);
    for (const name of match[2]!.matchAll(/"([^"]+)"/g)) found.push({ section, file, name: name[1]! });
  }
  return found;
}

/** Each heading's section: from it to the next heading of the same or a higher level (sub-sections included). */
export function sections(markdown: string): Map<string, string> {
  const lines = markdown.split('\n');
  const headings: { at: number; level: number; title: string }[] = [];
  let fenced = false;
  lines.forEach((line, at) => {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^(#{1,6}) (.+)$/.exec(line); // `# comment` lines of a shell block are not headings
    if (heading) headings.push({ at, level: heading[1]!.length, title: heading[2]!.trim() });
  });
  const out = new Map<string, string>();
  headings.forEach(({ at, level, title }, i) => {
    const end = headings.slice(i + 1).find((h) => h.level <= level)?.at ?? lines.length;
    out.set(title, lines.slice(at, end).join('\n'));
  });
  return out;
}

/** Whether the cited test exists: its name (or, for a name ending in " …", a name starting with the rest) is a
 * string literal of the file. */
export function exists({ file, name }: Citation): boolean {
  let source: string;
  try {
    source = readFileSync(file, 'utf8').replace(/\\'/g, "'").replace(/\\"/g, '"');
  } catch {
    return false;
  }
  const prefix = name.endsWith(' …') ? name.slice(0, -2) : undefined;
  // The second form lets a name holding a double quote be cited with a single one.
  return [source, source.replace(/"/g, "'")].some((text) =>
    ["'", '"', '`'].some((quote) => text.includes(prefix === undefined ? `${quote}${name}${quote}` : `${quote}${prefix}`)),
  );
}
