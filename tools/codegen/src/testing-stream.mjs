// Generates what the stream doubles of @laevitas-api/testing carry of the AsyncAPI contract: the native gateway's
// default URL (where the client connects by default, so the handlers intercept it without configuration) and the
// documented example events of every channel family, from which the handlers make the events they push (the same
// examples and the same generator, @laevitas-api/stream-mock-core, as the contract tool's stream mock).
import { deref } from '@laevitas-api/spec-model';
import { streamModel } from './stream-model.mjs';
import { codeHeader } from './output.mjs';

const HEADER = codeHeader('spec/asyncapi.yaml');
const OUT = 'packages/testing/generated/stream.ts';

/**
 * @param {Record<string, any>} document the bundled AsyncAPI document
 * @returns {{gatewayUrl: string, examples: Record<string, {channel: string, data: unknown}[]>, closeCodes: number[]}}
 */
export function testingStreamOf(document) {
  // The native gateway is the server with `x-limits`. No check of our own for a document without one: streamModel
  // (run first, here and by stream.mjs before this generator in cli.mjs) reads its limits and fails there first, so a
  // check after it could never be reached (tools/codegen/test/testing-stream.test.ts holds what a user gets).
  const { families, constants } = streamModel(document);
  const native = Object.values(/** @type {Record<string, any>} */ (document.servers)).find((s) => s['x-limits']);
  const host = String(native.host).replace(/\{(\w+)\}/g, (/** @type {string} */ _, /** @type {string} */ name) => {
    const value = native.variables?.[name]?.default;
    if (value === undefined) throw new Error(`codegen: the native gateway's host variable ${name} has no default`);
    return value;
  });
  const messages = Object.values(/** @type {Record<string, any>} */ (document.components.messages));
  /** @type {Record<string, {channel: string, data: unknown}[]>} */
  const examples = {};
  for (const f of [...families].sort((a, b) => a.family.localeCompare(b.family))) {
    const message = messages.find((m) => m.payload?.$ref?.endsWith(`/${f.message}`));
    const list = (message?.examples ?? []).map((/** @type {any} */ e) => deref(document, e).payload);
    if (!list.length) throw new Error(`codegen: the contract has no example event of ${f.message} (the stream doubles push from them)`);
    examples[f.family] = list;
  }
  const closeCodes = /** @type {{code: number}[]} */ (constants.STREAM_CLOSE_CODES).map((c) => c.code);
  return { gatewayUrl: `${native.protocol}://${host}${native.pathname}`, examples, closeCodes };
}

/**
 * @param {Record<string, any>} document the bundled AsyncAPI document
 * @param {import('./output.mjs').Output} output
 */
export function generateTestingStream(document, output) {
  const { gatewayUrl, examples, closeCodes } = testingStreamOf(document);
  output.add(
    OUT,
    `${HEADER}// The native gateway's default URL and the documented example events of each channel family.
import type { StreamFamily } from '@laevitas-api/types/stream';

/** Where the stream client connects by default: the native gateway of the spec's default host. */
export const DEFAULT_STREAM_URL = ${JSON.stringify(gatewayUrl)};

/** The documented close codes (1006 is observed by a client when a connection drops; a server never sends it). */
export type DocumentedCloseCode = ${closeCodes.join(' | ')};

/** The contract's example events per family: what pushed events are made from. */
export const STREAM_EXAMPLES: Readonly<Record<StreamFamily, readonly { channel: string; data: Record<string, any> }[]>> = ${JSON.stringify(examples, null, 2)};
`,
  );
}
