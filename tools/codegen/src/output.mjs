// One place decides whether generated files are written or compared, so `generate` and `check` can never drift
// apart: every generator hands its files to an Output and never touches the disk itself.
import { mkdirSync, readFileSync, writeFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export class Output {
  /** @param {{root: string, check: boolean}} options */
  constructor({ root, check }) {
    this.root = root;
    this.check = check;
    /** @type {Map<string, string>} */
    this.files = new Map();
    /** @type {Set<string>} directories this output owns completely (stale extra files there are an error) */
    this.ownedDirs = new Set();
  }

  /**
   * Claims a directory: after `commit`, files in it that were not produced are stale.
   * @param {string} dir relative to the root
   */
  own(dir) {
    this.ownedDirs.add(dir);
  }

  /**
   * @param {string} path relative to the root
   * @param {string} content
   */
  add(path, content) {
    if (this.files.has(path)) throw new Error(`codegen: ${path} is generated twice`);
    this.files.set(path, content.endsWith('\n') ? content : content + '\n');
  }

  /** Writes every file (generate) or returns the list of stale ones (check). */
  commit() {
    /** @type {string[]} */
    const stale = [];
    for (const [path, content] of this.files) {
      const abs = join(this.root, path);
      const current = existsSync(abs) ? readFileSync(abs, 'utf8') : undefined;
      if (current === content) continue;
      if (this.check) stale.push(current === undefined ? `${path} (missing)` : `${path} (differs)`);
      else {
        mkdirSync(dirname(abs), { recursive: true });
        writeFileSync(abs, content);
      }
    }
    for (const dir of this.ownedDirs) {
      for (const file of listFiles(join(this.root, dir))) {
        const rel = relative(this.root, file);
        if (this.files.has(rel)) continue;
        if (this.check) stale.push(`${rel} (no longer generated)`);
        else rmSync(file);
      }
    }
    return stale;
  }
}

/**
 * @param {string} dir
 * @returns {string[]}
 */
function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)]));
}
