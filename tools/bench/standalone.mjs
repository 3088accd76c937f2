// How a measurement is printed, in `pnpm bench` (run.mjs) and when one benchmark runs on its own
// (`node tools/bench/<name>.mjs`): one line format, and one way to run alone (a failed claim exits 1).
import { fileURLToPath } from 'node:url';

/**
 * One line of the run: PASS or FAIL for a claim (blank when the value is reported, not judged), the name, the value
 * and the target.
 * @param {Parameters<import('./report.js').Report>} measurement
 */
export const reportLine = (...[name, value, target, ok]) =>
  `${ok === undefined ? '    ' : ok ? 'PASS' : 'FAIL'} ${name.padEnd(58)} ${value}${target ? `   (target ${target})` : ''}`;

/**
 * Runs `bench` when its module is the script node was started with (not when run.mjs imports it): every line
 * printed, the exit code 1 when a claim failed.
 * @param {string} moduleUrl the benchmark's `import.meta.url`
 * @param {(report: import('./report.js').Report) => unknown} bench
 */
export async function runWhenMain(moduleUrl, bench) {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  let failed = 0;
  await bench((name, value, target, ok) => {
    if (ok === false) failed++;
    console.log(reportLine(name, value, target, ok));
  });
  process.exitCode = failed ? 1 : 0;
}
