// A scripted fetch: each call takes the next response from the script and records the request it got.
export interface Recorded {
  url: URL;
  method: string;
  headers: Headers;
  body: string | undefined;
}

export type Scripted = { status: number; body?: unknown; headers?: Record<string, string> } | Error | ((req: Recorded) => Response | Promise<Response>);

export function fakeFetch(script: Scripted[]) {
  const calls: Recorded[] = [];
  const fetch = async (input: URL | RequestInfo, init: RequestInit = {}): Promise<Response> => {
    const req: Recorded = {
      url: new URL(String(input)),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body as string | undefined,
    };
    calls.push(req);
    const next = script.shift();
    if (!next) throw new Error(`unexpected request ${req.method} ${req.url}`);
    if (next instanceof Error) throw next;
    if (typeof next === 'function') return next(req);
    const text = next.body === undefined ? '' : typeof next.body === 'string' ? next.body : JSON.stringify(next.body);
    return new Response(text || null, { status: next.status, headers: { 'content-type': 'application/json', ...next.headers } });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}
