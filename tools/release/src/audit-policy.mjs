#!/usr/bin/env node
// `pnpm release:audit`: the supply-chain policy over the registry's audit report. Every advisory of severity high or
// critical (AUDIT_LEVEL to change the floor) fails, unless audit-allowlist.json (at the repository root) accepts it:
// an entry names the advisory (its GHSA id, or the registry's numeric id), the dependency path it is accepted on
// (`dredd>request>form-data`: the path from a workspace package, matched against the end of the report's path), why
// it cannot be fixed yet, and an expiry date, after which the entry fails too, so an acceptance is revisited.
// Reads the report `pnpm audit --json` prints (npm 6's shape: `advisories` with `findings[].paths`) or npm's bulk
// advisory response (`{package: [{id, url, severity, vulnerable_versions}]}`, which carries no paths: an entry
// matches it by id and package, the last name of its path). `--live` runs `pnpm audit --json` itself (the release
// workflow); otherwise the report is the file given, e.g. a recorded one.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './releases.mjs';

export const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'];

/**
 * @typedef {{id: string, ghsa?: string | undefined, module: string, severity: string, title: string, url: string, paths: string[]}} Finding
 * @typedef {{id: string, path: string, reason: string, expires: string}} Entry
 */

/** @param {any} report @returns {Finding[]} one per advisory, with every path it is reached by */
export function findingsOf(report) {
  if (report && typeof report.advisories === 'object' && report.advisories !== null) {
    return Object.values(report.advisories).map((/** @type {any} */ a) => ({
      id: String(a.id),
      ghsa: a.github_advisory_id ?? String(a.url ?? '').match(/GHSA-[\w-]+/)?.[0],
      module: String(a.module_name),
      severity: String(a.severity),
      title: String(a.title ?? ''),
      url: String(a.url ?? ''),
      paths: (a.findings ?? []).flatMap((/** @type {any} */ f) => f.paths ?? []).map(String),
    }));
  }
  if (report && typeof report === 'object' && !Array.isArray(report) && Object.values(report).every(Array.isArray)) {
    return Object.entries(report).flatMap(([module, list]) =>
      /** @type {any[]} */ (list).map((a) => ({
        id: String(a.id),
        ghsa: String(a.url ?? '').match(/GHSA-[\w-]+/)?.[0],
        module,
        severity: String(a.severity),
        title: String(a.title ?? ''),
        url: String(a.url ?? ''),
        paths: [],
      })),
    );
  }
  throw new Error('not an audit report: expected `pnpm audit --json` output (advisories) or the bulk advisory response');
}

/** @param {unknown} allowlist @returns {{entries: Entry[], errors: string[]}} */
export function readAllowlist(allowlist) {
  /** @type {string[]} */
  const errors = [];
  const list = /** @type {any} */ (allowlist)?.accepted;
  if (!Array.isArray(list)) return { entries: [], errors: ['audit-allowlist.json: `accepted` must be an array'] };
  list.forEach((e, i) => {
    for (const field of ['id', 'path', 'reason', 'expires'])
      if (typeof e?.[field] !== 'string' || !e[field].trim()) errors.push(`audit-allowlist.json: accepted[${i}].${field} is required (a non-empty string)`);
    if (typeof e?.expires === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(e.expires))
      errors.push(`audit-allowlist.json: accepted[${i}].expires must be a date, YYYY-MM-DD`);
  });
  return { entries: errors.length ? [] : list, errors };
}

/** The report's path without its importer (`.` or a workspace package), so an entry names it from the dependency on. */
const fromDependency = (/** @type {string} */ path) => path.split('>').slice(1);
const pathMatches = (/** @type {string} */ entryPath, /** @type {Finding} */ f, /** @type {string} */ path) => {
  const want = entryPath.split('>');
  if (!path) return want.at(-1) === f.module; // the bulk format has no paths
  const have = fromDependency(path);
  return want.length <= have.length && want.every((name, i) => have[have.length - want.length + i] === name);
};

/**
 * @param {Finding[]} findings @param {Entry[]} entries
 * @param {{level?: string, today?: string | undefined}} [options] today as YYYY-MM-DD
 * @returns {{failures: string[], accepted: string[], unused: Entry[]}}
 */
export function judge(findings, entries, { level = 'high', today } = {}) {
  const day = today ?? new Date().toISOString().slice(0, 10);
  const floor = SEVERITIES.indexOf(level);
  if (floor < 0) throw new Error(`AUDIT_LEVEL must be one of ${SEVERITIES.join(', ')}; got ${level}`);
  /** @type {string[]} */ const failures = [];
  /** @type {string[]} */ const accepted = [];
  const used = new Set();
  for (const f of findings) {
    if (SEVERITIES.indexOf(f.severity) < floor) continue;
    for (const path of f.paths.length ? f.paths : ['']) {
      const what = `${f.severity} ${f.ghsa ?? f.id} ${f.module}${path ? ` via ${path}` : ''}: ${f.title} ${f.url}`.trim();
      const entry = entries.find((e) => (e.id === f.id || e.id === f.ghsa) && pathMatches(e.path, f, path));
      if (!entry) failures.push(`${what} — not in audit-allowlist.json: upgrade or override it, or accept it there with a reason and an expiry`);
      else if (entry.expires < day) failures.push(`${what} — its acceptance expired on ${entry.expires} (${entry.reason}): fix it or renew the entry`);
      else {
        used.add(entry);
        accepted.push(`${what} — accepted until ${entry.expires}: ${entry.reason}`);
      }
    }
  }
  return { failures, accepted, unused: entries.filter((e) => !used.has(e)) };
}

/** @param {string[]} argv @param {NodeJS.ProcessEnv} env */
export function main(argv = process.argv.slice(2), env = process.env, log = console.log, error = console.error) {
  let text;
  if (argv.includes('--live')) {
    // pnpm audit exits non-zero when it finds anything: the report on stdout is what counts.
    const run = spawnSync('pnpm', ['audit', '--json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    text = run.stdout;
    if (!text.trim()) {
      error(`release:audit: pnpm audit printed no report (exit ${run.status}): ${run.stderr.trim()}`);
      return 2;
    }
  } else {
    const file = argv.find((a) => !a.startsWith('--'));
    if (!file) {
      error('usage: audit-policy.mjs <report.json> | --live');
      return 2;
    }
    text = readFileSync(file, 'utf8');
  }
  const findings = findingsOf(JSON.parse(text));
  const { entries, errors } = readAllowlist(JSON.parse(readFileSync(env.AUDIT_ALLOWLIST ?? join(ROOT, 'audit-allowlist.json'), 'utf8')));
  const { failures, accepted, unused } = judge(findings, entries, { level: env.AUDIT_LEVEL ?? 'high', today: env.AUDIT_TODAY });
  for (const line of accepted) log(`  accepted ${line}`);
  for (const e of unused) log(`  unused allowlist entry ${e.id} (${e.path}): the report no longer has it, remove it`);
  for (const line of [...errors, ...failures]) error(`  FAIL ${line}`);
  log(`release:audit: ${findings.length} advisories in the report, ${accepted.length} accepted, ${failures.length + errors.length} failing`);
  return failures.length || errors.length ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main();
