// Entry for the runtimes that run a project's files directly (Node, Bun, Deno): the targets from the environment,
// the result as one JSON line on stdout (the runner parses the last line that starts with `{`).
import { smoke } from './smoke.mjs';

const env = globalThis.process?.env ?? {};
const { SMOKE_BASE_URL: baseUrl, SMOKE_STREAM_URL: streamUrl } = env;
if (!baseUrl || !streamUrl) throw new Error('SMOKE_BASE_URL and SMOKE_STREAM_URL name the mock (tools/ecosystem/run.mjs sets them)');
const result = await smoke({ baseUrl, v2BaseUrl: baseUrl, streamUrl });
console.log(JSON.stringify(result));
// Deno and Bun keep running while a timer or socket is open; a finished smoke ends the process.
globalThis.process?.exit?.(result.checks.every((c) => c.ok) ? 0 : 1);
