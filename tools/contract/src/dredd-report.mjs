// Reads Dredd's own xunit report: its counts and, per transaction, the operation and why it failed. The file is the
// source of truth because Dredd's stdout summary is lost when many transactions fail (and its header counts are
// only rewritten when Dredd ends cleanly, so the counts here come from the test cases themselves). Also writes the
// JUnit form the README promises (`reports/dredd.junit.xml`): Dredd 14's only file reporter of this kind is `xunit`.
import { XMLParser } from 'fast-xml-parser';
import { xmlEscape } from './xml.mjs';

/**
 * @typedef {{name: string, operationId: string | undefined, outcome: 'passed'|'failed'|'skipped', reason?: string, time: number}} DreddCase
 * @typedef {{passed: number, failed: number, skipped: number, total: number, cases: DreddCase[]}} DreddReport
 */

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => name === 'testcase',
  cdataPropName: false,
  htmlEntities: true,
});

/** @param {string} text  @returns {DreddReport} */
export function parseDreddXUnit(text) {
  const suite = parser.parse(text).testsuite;
  if (!suite) throw new Error('Dredd xunit report has no <testsuite>');
  /** @type {DreddCase[]} */
  const cases = (suite.testcase ?? []).map((/** @type {Record<string, unknown>} */ tc) => {
    const name = String(tc.name);
    // The hooks make every transaction id start with its operationId (`getOptionsOhlcvt GET (200) /api/v1/…`).
    const head = name.split(' ')[0] ?? '';
    const operationId = /^[A-Za-z][A-Za-z0-9_]*$/.test(head) ? head : undefined;
    const base = { name, operationId, time: Number(tc.time) || 0 };
    if (tc.failure !== undefined) return { ...base, outcome: 'failed', reason: reasonOf(String(tc.failure)) };
    if (tc.skipped !== undefined) return { ...base, outcome: 'skipped' };
    return { ...base, outcome: 'passed' };
  });
  /** @param {DreddCase['outcome']} o */
  const count = (o) => cases.filter((c) => c.outcome === o).length;
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped'), total: cases.length, cases };
}

/**
 * The readable reason of one failure: Dredd's `Message:` lines (`statusCode: Expected status code '200', but got
 * '500'.`) and, when the status was wrong, the start of the body that came back (behind the validating proxy a 500
 * body lists the schema violations, which is the real reason). A transport error keeps its first line.
 * @param {string} failure
 */
export function reasonOf(failure) {
  const text = failure.trim();
  if (text.startsWith('Error:')) return text.split('\n').slice(0, 2).join(' ').replace(/\s+/g, ' ');
  const message = /Message:\n([\s\S]*?)\nRequest:/.exec(text)?.[1]?.trim() ?? text.split('\n')[0] ?? '';
  const lines = message
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  let reason = lines.join('; ');
  if (/statusCode:/.test(reason)) {
    const actual = /\nActual:\n([\s\S]*)$/.exec(text)?.[1] ?? '';
    const body = /body:\s*([\s\S]*)$/.exec(actual)?.[1]?.replace(/\s+/g, ' ').trim();
    if (body) reason += ` — body: ${body.slice(0, 300)}`;
  }
  return reason;
}

/** JUnit XML with one testcase per Dredd transaction, grouped by operation.  @param {DreddReport} report */
export function dreddJUnit(report, suiteName = 'dredd') {
  const cases = report.cases.map((c) => {
    const inner = c.outcome === 'failed' ? `<failure message="${xmlEscape(c.reason ?? '')}"/>` : c.outcome === 'skipped' ? '<skipped/>' : '';
    return `  <testcase classname="${xmlEscape(c.operationId ?? 'dredd')}" name="${xmlEscape(c.name)}" time="${c.time}">${inner}</testcase>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuite name="${xmlEscape(suiteName)}" tests="${report.total}" failures="${report.failed}" errors="0" skipped="${report.skipped}">\n${cases.join('\n')}\n</testsuite>\n`;
}
