// Generates the stream side of packages/types and packages/validators from the bundled AsyncAPI document:
//   packages/types/generated/stream.{d.ts,d.cts,js,cjs}: a type per message schema, the family → event map, typed
//     channel patterns, and the gateway's tables as frozen constants (families, limits, heartbeat, reconnect, close codes);
//   packages/validators/generated/stream.{cjs,d.cts}: ajv standalone validators, one per message schema, and their
//     declarations.
// The schemas go through openapi-typescript (wrapped in a minimal OpenAPI 3.1 document) so stream types read exactly
// like the REST ones: named interfaces, JSDoc from descriptions, open objects where the shape is unpublished.
import openapiTS, { astToString } from 'openapi-typescript';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import ajvStandalone from 'ajv/dist/standalone/index.js';
import { streamModel } from './stream-model.mjs';
import { nameSchemas } from './types.mjs';
import { codeHeader } from './output.mjs';
import { implicitExports } from './implicit-exports.mjs';

/** @import { SpecNode } from '@laevitas-api/spec-model' */
/** @import { ChannelFamily, Position } from './stream-model.mjs' */

// Both are CommonJS modules whose function is also their `default` export: under NodeNext a default import is the
// module object, so the function is read from it (the same function `import x from` yields at run time).
const addFormats = ajvFormats.default;
const standaloneCode = ajvStandalone.default;

const HEADER = codeHeader('spec/asyncapi.yaml');
const TYPES = 'packages/types/generated';
const VALIDATORS = 'packages/validators/generated';
const ANNOTATIONS = new Set(['title', 'description', 'examples', 'example', 'default', 'deprecated', '$comment', 'externalDocs']);

/**
 * Draft-07 tuples (`items: [...]`, what AsyncAPI 3.0 schemas speak) → the 2020 form openapi-typescript reads.
 * @param {any} schema
 * @returns {any}
 */
function toOpenApi31(schema) {
  if (Array.isArray(schema)) return schema.map(toOpenApi31);
  if (!schema || typeof schema !== 'object') return schema;
  /** @type {SpecNode} */
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'items' && Array.isArray(value)) {
      out.prefixItems = value.map(toOpenApi31);
      if (schema.additionalItems === false) out.items = false;
    } else if (key !== 'additionalItems') out[key] = toOpenApi31(value);
  }
  return out;
}

/**
 * For ajv: annotations and x- keys dropped (they only make the code larger); refs point into one $defs document.
 * @param {any} schema
 * @returns {any}
 */
function forAjv(schema) {
  if (Array.isArray(schema)) return schema.map(forAjv);
  if (!schema || typeof schema !== 'object') return schema;
  /** @type {SpecNode} */
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (key === '$ref') out.$ref = `urn:laevitas:stream#/$defs/${value.slice(value.lastIndexOf('/') + 1)}`;
    else if (key === 'properties') out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forAjv(v)]));
    else out[key] = forAjv(value);
  }
  return out;
}

/**
 * Template-literal type of the patterns of one family: full length, and each shorter form ending in `*`; with
 * `concrete`, the channel names only (no wildcard, full length).
 * @param {ChannelFamily} family
 * @param {{concrete?: boolean}} [options]
 */
function patternType(family, { concrete = false } = {}) {
  const literal = (/** @type {Position} */ p) => {
    const values = p.values ? p.values.map((v) => JSON.stringify(v)).join(' | ') : 'string';
    return p.wildcard && !concrete ? `${values} | '*'` : values;
  };
  const forms = [];
  const positions = family.positions;
  forms.push(positions.map((p) => `\${${literal(p)}}`).join('.'));
  if (concrete) return `\`${family.family}.${forms[0]}\``;
  for (let n = positions.length - 1; n >= 0; n--) {
    if (!positions.slice(n).every((p) => p.wildcard)) break;
    forms.push([...positions.slice(0, n).map((p) => `\${${literal(p)}}`), '*'].join('.'));
  }
  return forms.map((f) => `\`${family.family}.${f}\``).join('\n  | ');
}

/** @typedef {ReturnType<typeof streamModel>} StreamModel */

/** @param {SpecNode} document bundled AsyncAPI @param {import('./output.mjs').Output} output */
export async function generateStream(document, output) {
  const model = streamModel(document);
  await generateStreamTypes(model, output);
  generateStreamValidators(model, output);
}

/** @param {StreamModel} model @param {import('./output.mjs').Output} output */
async function generateStreamTypes(model, output) {
  const { constants } = model;
  const ast = await openapiTS(
    { openapi: '3.1.0', info: { title: 'stream', version: '0' }, paths: {}, components: { schemas: toOpenApi31(model.schemas) } },
    { defaultNonNullable: false, alphabetize: false, additionalProperties: false },
  );
  nameSchemas(ast);
  const keep = ast.filter(
    (node) => !['paths', 'webhooks', 'operations', '$defs'].includes(/** @type {{name?: {escapedText?: string}}} */ (node).name?.escapedText ?? ''),
  );
  const families = model.families.slice().sort((a, b) => a.channelId.localeCompare(b.channelId));
  const eventMap = families.map((f) => `  ${JSON.stringify(f.family)}: ${f.message};`).join('\n');
  const patternMap = families.map((f) => `  ${JSON.stringify(f.family)}:\n  | ${patternType(f)};`).join('\n');
  const channelMap = families.map((f) => `  ${JSON.stringify(f.family)}: ${patternType(f, { concrete: true })};`).join('\n');
  const ordered = model.families.map((f) => f.family); // longest first: a prefix test must try `ohlc.ticker` before others
  const familyOf = ordered.map((f) => `P extends \`${f}.\${string}\` ? ${JSON.stringify(f)} :`).join('\n  ');
  const requestTypes = Object.values(model.requests).map((r) => r.request);
  const replyTypes = [...new Set(Object.values(model.requests).flatMap((r) => r.replies))];

  // Every declaration but the first is exported without the keyword, as in schemas.d.ts (implicit-exports.mjs says
  // why): the written ones below carry none.
  const declarations = `${HEADER}${astToString(implicitExports(keep))}
/** Each channel family and the data event it delivers. */
interface StreamEvents {
${eventMap}
}
/** A channel family: the leading part of a channel name (\`trades\`, \`ohlc.ticker\`, …). */
type StreamFamily = keyof StreamEvents;
/** Any data event. */
type StreamEvent = StreamEvents[StreamFamily];
/** The channel names and patterns each family accepts in a subscribe request (\`*\` where the gateway allows it). */
interface StreamPatterns {
${patternMap}
}
/** Any channel name or pattern a subscribe request accepts. */
type StreamPattern = StreamPatterns[StreamFamily];
/** The concrete channel names of each family (what a data event's \`channel\` holds; the exchange per market is in STREAM_FAMILIES). */
interface StreamChannels {
${channelMap}
}
/** Any concrete channel name. */
type StreamChannel = StreamChannels[StreamFamily];
/** The family a channel name or pattern belongs to (never when it belongs to none). */
type FamilyOf<P extends string> =
  ${familyOf}
  never;
/** The data event a subscription to pattern \`P\` delivers. */
type StreamEventOf<P extends string> = FamilyOf<P> extends StreamFamily ? StreamEvents[FamilyOf<P>] : never;
/** Any request a client sends. */
type StreamRequest = ${requestTypes.join(' | ')};
/** Any reply the gateway sends to a request. */
type StreamReply = ${replyTypes.join(' | ')};
/** How a client should react to a close code: \`backoff\` (exponential, see STREAM_RECONNECT), \`delay\` (a fixed wait in \`delayMs\`), \`immediate\` or \`never\`. */
type StreamReconnect = 'backoff' | 'delay' | 'immediate' | 'never';
/** One documented close code. */
interface StreamCloseCode { code: number; meaning: string; reconnect: StreamReconnect; delayMs?: readonly [number, number]; advice?: string }
/** One position of a channel name after the family. */
interface StreamPosition { name: string; values: readonly string[] | null; pattern: string | null; wildcard: boolean; byMarket?: Readonly<Record<string, readonly string[]>> }
/** One channel family: its address template, its positions and the message schema of its events. */
interface StreamFamilyInfo { family: StreamFamily; channelId: string; address: string; message: string; positions: readonly StreamPosition[]; /** Where events differ by market: the schema of each market's events (a branch of \`message\`). */ messageByMarket?: Readonly<Record<string, string>> }
/** The channel families, longest family name first (a prefix test must try \`ohlc.ticker\` before a shorter one). */
declare const STREAM_FAMILIES: readonly StreamFamilyInfo[];
/** Per-connection and per-source limits of the native gateway. */
declare const STREAM_LIMITS: Readonly<${JSON.stringify(constants.STREAM_LIMITS).replace(/:\d+/g, ': number')}>;
/** Heartbeat: the gateway pings every \`serverPingSeconds\`; clients ping about every \`clientPingSeconds\`. */
declare const STREAM_HEARTBEAT: Readonly<${JSON.stringify(constants.STREAM_HEARTBEAT).replace(/:\d+/g, ': number')}>;
/** Reconnect backoff after an abnormal close: \`initialDelayMs\` × \`multiplier\`^n, capped at \`maxDelayMs\`, ±\`jitter\`. */
declare const STREAM_RECONNECT: Readonly<${JSON.stringify(constants.STREAM_RECONNECT).replace(/:[\d.]+/g, ': number')}>;
/** The documented close codes with their meaning and the advised reaction. */
declare const STREAM_CLOSE_CODES: readonly StreamCloseCode[];
/** The gateway's endpoints by server name (\`native\` is recommended, \`socketio\` is legacy). */
declare const STREAM_SERVERS: Readonly<Record<${Object.keys(model.servers)
    .map((s) => JSON.stringify(s))
    .join(' | ')}, { pathname: string; protocol: string; legacy: boolean }>>;
`;
  output.add(`${TYPES}/stream.d.ts`, declarations);
  output.add(`${TYPES}/stream.d.cts`, declarations);
  const deepFreeze = 'const deepFreeze = (o) => { for (const v of Object.values(o)) if (v && typeof v === "object") deepFreeze(v); return Object.freeze(o); };';
  const values = (/** @type {'esm' | 'cjs'} */ format) =>
    Object.entries(constants)
      .map(([name, value]) =>
        format === 'esm'
          ? `export const ${name} = /*#__PURE__*/ deepFreeze(${JSON.stringify(value)});`
          : `exports.${name} = deepFreeze(${JSON.stringify(value)});`,
      )
      .join('\n');
  output.add(`${TYPES}/stream.js`, `${HEADER}${deepFreeze}\n${values('esm')}`);
  output.add(`${TYPES}/stream.cjs`, `${HEADER}'use strict';\n${deepFreeze}\n${values('cjs')}`);
}

/** @param {StreamModel} model @param {import('./output.mjs').Output} output */
function generateStreamValidators(model, output) {
  // Every error, not the first: a contract run reports what is wrong with an event, and events are small.
  const ajv = new Ajv({
    strict: true,
    strictTypes: false,
    strictTuples: false,
    allowUnionTypes: true,
    allErrors: true,
    code: { source: true, esm: false, lines: false, optimize: true },
  });
  addFormats(ajv);
  ajv.addSchema({ $id: 'urn:laevitas:stream', $defs: forAjv(model.schemas) });
  const names = Object.keys(model.schemas).sort();
  const exportsMap = Object.fromEntries(names.map((n) => [n, `urn:laevitas:stream#/$defs/${n}`]));
  const code = standaloneCode(ajv, exportsMap);
  output.add(`${VALIDATORS}/stream.cjs`, `${HEADER}'use strict';\n${code}\nexports.schemaNames = ${JSON.stringify(names)};`);
  // Its declarations, so the hand-written runtime that requires it (runtime/stream.cjs) is type-checked against the
  // exports it reads, and tsc never infers types from 180 kB of ajv output.
  const validatorType =
    '/** An ajv standalone validator: true when `data` matches the schema; otherwise `errors` lists the rules it broke. */\n' +
    'export interface StreamSchemaValidator {\n  (data: unknown): boolean;\n  errors?: ErrorObject[] | null;\n}\n';
  output.add(
    `${VALIDATORS}/stream.d.cts`,
    `${HEADER}import type { ErrorObject } from 'ajv';\n\n${validatorType}${names.map((n) => `export declare const ${n}: StreamSchemaValidator;\n`).join('')}` +
      `/** Every message schema name above, sorted. */\nexport declare const schemaNames: string[];\n`,
  );
}
