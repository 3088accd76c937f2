// The "Try it" console (forms written at build time by scripts/console-form.mjs): sends the operation's request to
// the local mock (default) or the real host with fetch and shows the status, the headers, the body and the same call
// as curl and as TypeScript with our client. The API key is read from its field when a request is sent and goes
// only into that request's header: it is never stored, logged or shown (the curl and TypeScript lines name an
// environment variable instead). Nothing else is fetched.
const KEY_ENV = 'LAEVITAS_API_KEY';

/** @param {HTMLFormElement} form */
function requestOf(form) {
  const data = new FormData(form);
  const target = data.get('__target') === 'live' ? form.dataset.live : String(data.get('__mock') ?? '').trim();
  if (!target) throw new Error('Choose where to send the request: the mock URL is empty.');
  let path = form.dataset.path;
  const query = new URLSearchParams();
  /** @type {Record<string, string>} */
  const headers = {};
  /** @type {{ path: Record<string, unknown>, query: Record<string, unknown>, header: Record<string, unknown> }} */
  const args = { path: {}, query: {}, header: {} };
  for (const element of form.querySelectorAll('[data-in]')) {
    const values =
      element instanceof HTMLSelectElement
        ? [...element.selectedOptions].map((o) => o.value).filter(Boolean)
        : String(element.value).trim()
          ? [String(element.value).trim()]
          : [];
    if (!values.length) continue;
    const where = element.dataset.in;
    const type = element.dataset.type;
    const list = type === 'array' && !(element instanceof HTMLSelectElement) ? values[0].split(',').map((v) => v.trim()) : values;
    const typed = list.map((v) =>
      type === 'integer' || type === 'number' ? (Number.isFinite(Number(v)) ? Number(v) : v) : type === 'boolean' ? v === 'true' : v,
    );
    const value = type === 'array' ? typed : typed[0];
    args[where][element.name] = value;
    if (where === 'path') path = path.replace(`{${element.name}}`, encodeURIComponent(list[0]));
    else if (where === 'query') for (const v of list) query.append(element.name, v);
    else if (where === 'header') headers[element.name] = list.join(',');
  }
  const key = String(data.get('__key') ?? '');
  if (key) headers[form.dataset.keyHeader] = key;
  const prefer = data.get('__target') === 'mock' ? String(data.get('__prefer') ?? '') : '';
  if (prefer) headers.Prefer = `code=${prefer}`;
  const bodyText = data.has('__body') ? String(data.get('__body')).trim() : '';
  let body;
  if (bodyText) {
    try {
      body = JSON.parse(bodyText);
    } catch (error) {
      throw new Error(`The body is not JSON: ${error instanceof Error ? error.message : error}`);
    }
    headers['Content-Type'] = 'application/json';
  }
  const qs = query.toString();
  const url = `${target.replace(/\/$/, '')}${path}${qs ? `?${qs}` : ''}`;
  return { url, method: form.dataset.method, headers, body, bodyText, args, base: target.replace(/\/$/, ''), key: Boolean(key), prefer };
}

const quote = (text) => `'${String(text).replaceAll("'", "'\\''")}'`;

/** The same call as curl, the key as an environment variable. */
function curlOf(request, keyHeader) {
  const lines = [`curl -X ${request.method} ${quote(request.url)}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`-H ${name === keyHeader ? `"${name}: $${KEY_ENV}"` : quote(`${name}: ${value}`)}`);
  if (request.bodyText) lines.push(`-d ${quote(JSON.stringify(request.body))}`);
  return lines.join(' \\\n  ');
}

/** The same call with @laevitas-api/client, the base URL set for the operation's family. */
function typescriptOf(request, form) {
  const args = Object.fromEntries(Object.entries(request.args).filter(([, v]) => Object.keys(v).length));
  if (request.body !== undefined) args.body = request.body;
  const option = form.dataset.family === 'v1' ? 'v2BaseUrl' : 'baseUrl';
  const perCall = request.prefer ? `, { headers: { Prefer: 'code=${request.prefer}' } }` : '';
  const call = Object.keys(args).length || perCall ? `${JSON.stringify(args, null, 2)}${perCall}` : '';
  return [
    "import { createClient } from '@laevitas-api/client';",
    '',
    `const client = createClient({ apiKey: process.env.${KEY_ENV}, ${option}: ${JSON.stringify(request.base)} });`,
    `const result = await client.${form.dataset.operation}(${call});`,
    'console.log(result);',
  ].join('\n');
}

/** @param {HTMLElement} parent @param {string} tag @param {string} text @param {string} [className] */
function add(parent, tag, text, className) {
  const element = document.createElement(tag);
  element.textContent = text;
  if (className) element.className = className;
  parent.append(element);
  return element;
}

/** @param {HTMLFormElement} form */
async function send(form) {
  const result = form.parentElement.querySelector('.console-result');
  result.hidden = false;
  result.replaceChildren();
  let request;
  try {
    request = requestOf(form);
  } catch (error) {
    add(result, 'p', error instanceof Error ? error.message : String(error), 'console-error');
    return;
  }
  add(result, 'p', `Sending ${request.method} ${request.url}…`, 'console-status');
  let response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.bodyText ? JSON.stringify(request.body) : undefined,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch (error) {
    result.replaceChildren();
    add(
      result,
      'p',
      `No answer from ${request.base} (${error instanceof Error ? error.message : error}). Is the mock running? Start it with: npx @laevitas-api/contract mock --port 4010`,
      'console-error',
    );
    return;
  }
  const text = await response.text();
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON: shown as it came.
  }
  result.replaceChildren();
  add(result, 'p', `${response.status} ${response.statusText}`.trim(), 'console-status');
  add(result, 'h4', 'Response headers');
  add(result, 'pre', [...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n'), 'console-headers');
  add(result, 'h4', 'Response body');
  add(result, 'pre', shown, 'console-body');
  add(result, 'h4', 'The same call with curl');
  add(result, 'pre', curlOf(request, form.dataset.keyHeader), 'console-curl');
  add(result, 'h4', 'The same call with the TypeScript client');
  add(result, 'pre', typescriptOf(request, form), 'console-typescript');
}

for (const form of document.querySelectorAll('form.console-form')) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send(form);
  });
}
