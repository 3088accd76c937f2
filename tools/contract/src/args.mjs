// The CLI's flags, parsed and checked before anything starts: a bad flag, port or URL is a usage error (exit 2)
// naming the flag. A key given as a flag is refused without being echoed back.
import { parseArgs } from 'node:util';
import { UsageError } from './errors.mjs';

export const HELP = `laevitas-contract: contract tests of the Laevitas API (both families)

Usage:
  laevitas-contract run  [target] [selection] [output] [drift]
  laevitas-contract budget [selection] [--rate-share F]
  laevitas-contract propose --reports <dir> [--spec <dir>] [--out <patch>] [--body <md>]
  laevitas-contract watch <pattern...> [--url ws://...] [--seconds N]
  laevitas-contract mock [--port N] [--verbose]
  laevitas-contract export <operationId> --out <file> [--query name=value ...] [--format csv|ndjson|json] [--yes]
  laevitas-contract --version | --help

run: the conformance suite (and Dredd, when installed or asked for) against a live deployment, or against the embedded mock of
this version when no base URL is given.
  target
    --base-url <url>       legacy family base URL   (or LAEVITAS_BASE_URL)
    --v2-base-url <url>    versioned family base URL (or LAEVITAS_V2_BASE_URL)
    LAEVITAS_API_KEY       the API key, from the environment only (never a flag, never printed)
  selection (resolved against the spec; an unknown name is an error with the closest names)
    --only <id,...>        these operationIds
    --family legacy|v1     one family
    --tag <tag,...>        operations with any of these tags (case-insensitive)
    --skip <id,...>        leave these operationIds out
  output
    --reports <dir>        JUnit files and contract-summary.{txt,json} (default: ./reports)
    --dredd                run Dredd too, installing dredd@14.1.0 from the npm registry into a cache folder
                           first if this project has none (LAEVITAS_DREDD_HOME moves the folder)
    --no-dredd             run the conformance suite only
    --no-stream            skip the streaming gateway check
    --ws-seconds <n>       how long the gateway check listens (or LAEVITAS_WS_SECONDS; default 3 on the mock, 10
                           on LAEVITAS_WS_URL, the live gateway to check)
    --port <n>             port of the embedded mock (default: a free port)
    --verbose              Dredd's and the mock's own output
  drift
    --observe              also write drift-observations.json: what differs from the contract, for \`propose\`
    --rate-share <f>       pace the requests to this share (0-1] of the spec's rate limits (x-rate-limits) and
                           write budget.json; needs --no-dredd; the drift watch uses 0.25
  On a terminal a progress line is redrawn per operation; otherwise one plain line each. With GITHUB_ACTIONS=true
  every failed operation is also a GitHub Actions ::error annotation.

budget: prints how many requests a live run of the selection sends (counted from the spec) and how it is paced at
--rate-share (default 0.25) of the spec's rate limits.

propose: reads a run's reports (--reports, from \`run --observe\`) and writes a unified diff of the spec's YAML files
(--spec, default ./spec; --out, default <reports>/spec.patch) adding what can be inferred safely (fields, value-set
members, statuses, headers, each with an x-source naming the observation), drift-findings.json with what cannot (a
removed field, a changed type), and a pull-request body (--body, default <reports>/drift-pull-request.md).

watch: prints the events of channel patterns (e.g. trades.futures.binance.*) from a gateway (--url, LAEVITAS_WS_URL,
or the mock on localhost:4010), each checked against the contract, for --seconds seconds (default: until stopped).

mock: serves the embedded mock of both families on --port, MOCK_PORT or PORT (default 4010; 0 = a free port) and
HOST (default 127.0.0.1) until stopped, and the streaming gateway mock on the same port at /ws.

export: one list operation's scan (any operation with x-pagination) written to a file through the client (its rate
limiter, window splitting and credentials), against --base-url / --v2-base-url or their environment variables.
    --out <file>           the file; it appears only when complete (written as <file>.partial, then renamed)
    --query name=value     a query parameter (repeat it); a start..end longer than the operation's limit is walked
                           as compliant windows
    --format <f>           csv (RFC 4180), ndjson or json (default: from the file's extension)
    --max-cost <usdc>      refuse, before sending, a scan whose plan may cost more (per call or in credits)
    --max-pages <n>        stop after n pages
    --yes                  pay without asking (with LAEVITAS_CREDIT_TOKEN: credits); needed when stdin is no terminal
    LAEVITAS_API_KEY / LAEVITAS_CREDIT_TOKEN   how the scan is paid for, from the environment only
  The plan (windows, requests, cost by each way of paying) is printed first. Progress: a redrawn line on a terminal,
  a plain line per window elsewhere. A run that stops (killed, or a failed request: exit 1) keeps <file>.partial and
  <file>.checkpoint.json; the same command run again resumes there, with no row missing and none twice.

Exit codes: 0 passed (export: written), 1 the contract was violated, 2 usage error or target unreachable (nothing was checked),
3 the runner itself failed.`;

/** @param {string[]} argv */
export function parseCli(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
        'base-url': { type: 'string' },
        'v2-base-url': { type: 'string' },
        only: { type: 'string', multiple: true },
        skip: { type: 'string', multiple: true },
        tag: { type: 'string', multiple: true },
        family: { type: 'string' },
        reports: { type: 'string' },
        dredd: { type: 'boolean', default: false },
        'no-dredd': { type: 'boolean', default: false },
        'no-stream': { type: 'boolean', default: false },
        'ws-seconds': { type: 'string' },
        url: { type: 'string' },
        seconds: { type: 'string' },
        port: { type: 'string' },
        verbose: { type: 'boolean', default: false },
        observe: { type: 'boolean', default: false },
        'rate-share': { type: 'string' },
        spec: { type: 'string' },
        out: { type: 'string' },
        body: { type: 'string' },
        query: { type: 'string', multiple: true },
        format: { type: 'string' },
        'max-cost': { type: 'string' },
        'max-pages': { type: 'string' },
        yes: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    // A key passed as a flag is refused without echoing it back.
    const message = /--(api-key|key)\b/.test(argv.join(' '))
      ? 'the API key is read from LAEVITAS_API_KEY only, never from a flag'
      : /** @type {Error} */ (error).message;
    throw new UsageError(message);
  }
  const { positionals, values } = parsed;
  const command = values.help ? 'help' : values.version ? 'version' : (positionals[0] ?? 'run');
  if (!['run', 'mock', 'watch', 'budget', 'propose', 'export', 'help', 'version'].includes(command))
    throw new UsageError(`unknown command "${command}"; use run, budget, propose, watch, export or mock`);
  if (command === 'propose' && !values.reports) throw new UsageError('propose needs --reports <dir>: the reports of a `run --observe`');
  const exported = command === 'export' ? exportArgs(positionals, values) : undefined;
  if (command !== 'watch' && command !== 'export' && positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
  if (command === 'watch' && positionals.length < 2) throw new UsageError('watch needs at least one channel pattern, e.g. trades.futures.binance.*');
  const wsSeconds = secondsOf('--ws-seconds / LAEVITAS_WS_SECONDS', values['ws-seconds'] ?? process.env.LAEVITAS_WS_SECONDS);
  const seconds = secondsOf('--seconds', values.seconds);
  let port;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port: "${values.port}" is not a port (an integer 0-65535)`);
  }
  for (const flag of /** @type {const} */ (['base-url', 'v2-base-url'])) {
    const url = values[flag];
    if (url !== undefined && !/^https?:\/\/[^/]/.test(url)) throw new UsageError(`--${flag}: "${url}" is not an http(s) URL`);
  }
  let rateShare;
  if (values['rate-share'] !== undefined || command === 'budget') {
    rateShare = Number(values['rate-share'] ?? 0.25);
    if (!(rateShare > 0 && rateShare <= 1))
      throw new UsageError(`--rate-share: "${values['rate-share']}" is not a share of the rate limit (a number in (0, 1])`);
  }
  if (values.dredd && values['no-dredd']) throw new UsageError('--dredd and --no-dredd contradict each other: give one');
  // Dredd is a child process sending its own requests: a budget that cannot pace them cannot be promised.
  if (command === 'run' && rateShare !== undefined && !values['no-dredd'])
    throw new UsageError('--rate-share paces the conformance suite only: add --no-dredd (Dredd sends requests the budget cannot pace)');
  return { command, values, port, patterns: positionals.slice(1), wsSeconds, seconds, rateShare, exported };
}

/** A positive number of seconds, or undefined for the default.  @param {string} flag  @param {string | undefined} text */
function secondsOf(flag, text) {
  if (text === undefined || text === '') return undefined;
  const seconds = Number(text);
  if (!(seconds > 0)) throw new UsageError(`${flag}: "${text}" is not a positive number of seconds`);
  return seconds;
}

/**
 * The export command's arguments, checked: one operationId, --out, each --query a name=value pair, --max-pages a
 * whole number.
 * @param {string[]} positionals  @param {Record<string, any>} values
 */
function exportArgs(positionals, values) {
  if (positionals.length !== 2) throw new UsageError('export needs exactly one operationId, e.g. laevitas-contract export getOptionsTrades --out trades.csv');
  if (!values.out) throw new UsageError('export needs --out <file>');
  /** @type {Record<string, string>} */
  const query = {};
  for (const pair of values.query ?? []) {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`--query: "${pair}" is not name=value`);
    query[pair.slice(0, at)] = pair.slice(at + 1);
  }
  let maxPages;
  if (values['max-pages'] !== undefined) {
    maxPages = Number(values['max-pages']);
    if (!Number.isInteger(maxPages) || maxPages < 1) throw new UsageError(`--max-pages: "${values['max-pages']}" is not a whole number >= 1`);
  }
  return { operationId: /** @type {string} */ (positionals[1]), out: /** @type {string} */ (values.out), query, maxPages };
}
