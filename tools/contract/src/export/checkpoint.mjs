// Where an export stands, on disk, so a run that was killed (SIGKILL included: no handler runs) resumes with no row
// missing and none twice. The rows go to `<out>.partial`, a prefix of the finished file; after each page is appended
// and flushed (fsync), `<out>.checkpoint.json` is replaced atomically (a temporary file renamed over it) with the
// partial file's length and the position of the next page. A resumed run cuts the partial file back to that length,
// which drops a page appended after the last checkpoint, and asks for that page again. The finished file appears
// under its name only when complete (the partial file renamed).
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, truncateSync, writeSync } from 'node:fs';
import { UsageError } from '../errors.mjs';

/**
 * @typedef {{ window: number, cursor?: string | null, page?: number }} Position the next page to ask for
 * @typedef {{ key: string, windows: { start?: string, end?: string }[], position: Position, bytes: number, requests: number,
 *   format: import('./formats.mjs').FormatState }} Checkpoint
 */

/** @param {string} out */
export const pathsOf = (out) => ({ partial: `${out}.partial`, checkpoint: `${out}.checkpoint.json` });

/** Writes `text` to `path` so that a reader sees the old content or the new one, never a part. @param {string} path @param {string} text */
export function writeAtomically(path, text) {
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

/**
 * The checkpoint of an earlier run of the same export, with the partial file cut back to it; undefined when there is
 * none. A checkpoint of another export (another operation, query or format) is refused rather than mixed in.
 * @param {string} out  @param {string} key  @returns {Checkpoint | undefined}
 */
export function resumeFrom(out, key) {
  const { partial, checkpoint } = pathsOf(out);
  if (!existsSync(checkpoint)) return undefined;
  /** @type {Checkpoint} */
  const saved = JSON.parse(readFileSync(checkpoint, 'utf8'));
  if (saved.key !== key) throw new UsageError(`${checkpoint} belongs to another export (${saved.key}); remove it and ${partial}, or write to another --out`);
  if (!existsSync(partial)) throw new UsageError(`${checkpoint} has no ${partial} beside it; remove the checkpoint to start over`);
  truncateSync(partial, saved.bytes);
  return saved;
}

/** An append-only writer of the partial file that flushes each chunk to disk before the checkpoint moves past it. */
export class PartialFile {
  /** @param {string} out  @param {number} bytes the length to go on from (0: a new file) */
  constructor(out, bytes) {
    this.paths = pathsOf(out);
    this.out = out;
    this.fd = openSync(this.paths.partial, bytes ? 'r+' : 'w');
    this.bytes = bytes;
  }

  /** @param {string} text */
  append(text) {
    const data = Buffer.from(text);
    if (data.length) writeSync(this.fd, data, 0, data.length, this.bytes);
    fsyncSync(this.fd);
    this.bytes += data.length;
  }

  /** @param {Omit<Checkpoint, 'bytes'>} state */
  checkpoint(state) {
    writeAtomically(this.paths.checkpoint, JSON.stringify({ ...state, bytes: this.bytes }));
  }

  /**
   * The finished file under its name. The checkpoint goes first: a run killed between the two steps finds a partial
   * file without a checkpoint and starts over (every row once, at the cost of the requests), never a checkpoint
   * without its partial file.
   */
  finish() {
    closeSync(this.fd);
    rmSync(this.paths.checkpoint, { force: true });
    renameSync(this.paths.partial, this.out);
  }

  close() {
    closeSync(this.fd);
  }
}
