'use strict';
// The stream side of the validators: channel names and patterns checked against the channel grammar of the AsyncAPI
// contract (families, the values and wildcards of each position, the market/exchange matrix), and every message
// checked against its schema with the ahead-of-time ajv validators of generated/stream.cjs. The grammar is data
// (STREAM_FAMILIES, generated from the spec's channel addresses and parameters); this file only walks it.
const validators = require('../generated/stream.cjs');
const { STREAM_FAMILIES } = require('@laevitas-api/types/stream');
const { formatErrors } = require('../generated/runtime/format.cjs');

/** @import { ParsedPattern } from './stream.cjs' */
/** @import { ValidationIssue } from './operation.cjs' */
/** @import { StreamSchemaValidator } from '../generated/stream.cjs' */
/** @import { StreamFamily, StreamFamilyInfo } from '@laevitas-api/types/stream' */

// The generated module's exports by name, for the lookup by schema name (a non-validator export such as
// `schemaNames` is refused below, as before).
/** @type {Readonly<Record<string, unknown>>} */
const exportsByName = validators;

/**
 * The family a channel name or pattern starts with (longest family first), or undefined.
 * @param {unknown} text @returns {StreamFamilyInfo | undefined}
 */
function familyOf(text) {
  if (typeof text !== 'string') return undefined;
  return STREAM_FAMILIES.find((f) => text.startsWith(`${f.family}.`));
}

// Position patterns compiled once: parsing a channel is on the hot path of every event a client validates.
/** @type {Map<string, RegExp>} */
const compiled = new Map();
/** @param {string} pattern */
function regexOf(pattern) {
  let re = compiled.get(pattern);
  if (!re) compiled.set(pattern, (re = new RegExp(pattern)));
  return re;
}

/** @param {string} error @returns {{ ok: false, error: string }} */
function fail(error) {
  return { ok: false, error };
}

/**
 * Reads a channel name (`wildcards: false`) or a subscription pattern. A pattern may use `*` in a position that
 * allows it, and may end early with `*` when every position it leaves out allows a wildcard (`open-interest.*`).
 * @param {unknown} text @param {{ wildcards?: boolean | undefined }} [options] @returns {ParsedPattern}
 */
function parseChannelPattern(text, options) {
  const wildcards = !options || options.wildcards !== false;
  // A client sees the same few channels over and over: successful reads are remembered (bounded), so validating an
  // event costs a map lookup for its channel, not a parse.
  const cache = wildcards ? patternCache : channelCache;
  const known = cache.get(text);
  if (known) return known;
  const result = parse(text, wildcards);
  if (result.ok) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    Object.freeze(result.segments);
    cache.set(text, Object.freeze(result));
  }
  return result;
}

const CACHE_LIMIT = 4096;
/** @type {Map<unknown, ParsedPattern>} */
const patternCache = new Map();
/** @type {Map<unknown, ParsedPattern>} */
const channelCache = new Map();

/** @param {unknown} text @param {boolean} wildcards @returns {ParsedPattern} */
function parse(text, wildcards) {
  const kind = wildcards ? 'pattern' : 'channel';
  if (typeof text !== 'string' || text === '') return fail(`a ${kind} must be a non-empty string`);
  const family = familyOf(text);
  if (!family) return fail(`${kind} ${JSON.stringify(text)} names no channel family (${STREAM_FAMILIES.map((f) => f.family).join(', ')})`);
  const segments = text.slice(family.family.length + 1).split('.');
  const positions = family.positions;
  const names = () => positions.map((p) => `{${p.name}}`).join('.');
  if (segments.length > positions.length) return fail(`${kind} ${JSON.stringify(text)} has more positions than ${family.family}.${names()}`);
  if (segments.length < positions.length) {
    const last = segments[segments.length - 1];
    const omitted = positions.slice(segments.length);
    if (!wildcards || last !== '*' || !omitted.every((p) => p.wildcard)) {
      return fail(
        `${kind} ${JSON.stringify(text)} is incomplete: ${family.family}.${names()}${wildcards ? " (only a trailing '*' may stand for positions that allow a wildcard)" : ''}`,
      );
    }
  }
  /** @type {string | undefined} */
  let market;
  for (let i = 0; i < segments.length; i++) {
    const value = /** @type {string} i < segments.length */ (segments[i]);
    const position = /** @type {StreamFamilyInfo['positions'][number]} segments.length <= positions.length, checked above */ (positions[i]);
    if (value === '*') {
      if (!wildcards) return fail(`channel ${JSON.stringify(text)}: ${position.name} is '*', a channel name has no wildcard`);
      if (!position.wildcard) return fail(`${kind} ${JSON.stringify(text)}: ${position.name} does not allow '*'`);
      continue;
    }
    if (position.values && !position.values.includes(value)) {
      return fail(
        `${kind} ${JSON.stringify(text)}: ${position.name} must be one of ${position.values.join(', ')}${position.wildcard ? ', *' : ''} (got ${JSON.stringify(value)})`,
      );
    }
    if (position.pattern && !regexOf(position.pattern).test(value)) {
      return fail(`${kind} ${JSON.stringify(text)}: ${position.name} ${JSON.stringify(value)} must match ${position.pattern}`);
    }
    if (position.name === 'market') market = value;
    if (position.byMarket && market !== undefined) {
      const offered = position.byMarket[market] || [];
      if (!offered.includes(value)) return fail(`${kind} ${JSON.stringify(text)}: ${market} is offered on ${offered.join(', ')}, not ${value}`);
    }
  }
  return { ok: true, family: family.family, segments };
}

/** Whether a concrete channel name is delivered by a subscription to `pattern`. @param {unknown} pattern @param {unknown} channel */
function channelMatches(pattern, channel) {
  const p = parseChannelPattern(pattern);
  const c = parseChannelPattern(channel, { wildcards: false });
  if (!p.ok || !c.ok || p.family !== c.family) return false;
  for (let i = 0; i < p.segments.length; i++) {
    const last = i === p.segments.length - 1;
    if (p.segments[i] === '*') {
      if (last) return true; // a trailing '*' also covers the positions it leaves out
      continue;
    }
    if (p.segments[i] !== c.segments[i]) return false;
  }
  return p.segments.length === c.segments.length;
}

/**
 * Validates a value against one message schema of the stream contract, by schema name (`TradesEvent`, `SubscribeRequest`…).
 * @param {string} schemaName @param {unknown} value @returns {{ ok: boolean, issues: ValidationIssue[] }}
 */
function validateStreamMessage(schemaName, value) {
  const found = exportsByName[schemaName];
  if (typeof found !== 'function') throw new TypeError(`Unknown stream schema "${schemaName}" (known: ${validators.schemaNames.join(', ')})`);
  const validate = /** @type {StreamSchemaValidator} the module's functions are its ajv validators */ (found);
  const ok = validate(value);
  return { ok, issues: ok ? [] : formatErrors(validate.errors, '') };
}

/**
 * Validates a data event `{channel, data}`: its channel is a channel name of a known family (and, with `pattern`,
 * one that subscription delivers), and the event matches that family's message schema.
 * @param {unknown} event @param {{ pattern?: string | undefined }} [options]
 * @returns {{ok: boolean, family?: StreamFamily, issues: ValidationIssue[]}}
 */
function validateStreamEvent(event, options) {
  if (!event || typeof event !== 'object' || Array.isArray(event))
    return { ok: false, issues: [{ path: '(root)', rule: 'type', message: '(root) must be an object {channel, data}' }] };
  const { channel: name } = /** @type {{ channel?: unknown }} an object, checked above */ (event);
  const channel = parseChannelPattern(name, { wildcards: false });
  if (!channel.ok) return { ok: false, issues: [{ path: 'channel', rule: 'channel', message: channel.error }] };
  const family = /** @type {StreamFamilyInfo} the parse above found it */ (STREAM_FAMILIES.find((f) => f.family === channel.family));
  const market = channel.segments[0];
  // Per-market variants (spot trades, prediction trades): checked against the market's own shape.
  const schema = (family.messageByMarket && market !== undefined && family.messageByMarket[market]) || family.message;
  const issues = validateStreamMessage(schema, event).issues;
  const pattern = options && options.pattern;
  if (pattern !== undefined && !channelMatches(pattern, name)) {
    issues.unshift({ path: 'channel', rule: 'subscription', message: `channel ${name} is not delivered by the subscription ${pattern}` });
  }
  return { ok: issues.length === 0, family: family.family, issues };
}

module.exports = {
  STREAM_SCHEMA_NAMES: Object.freeze(validators.schemaNames.slice()),
  familyOf,
  parseChannelPattern,
  channelMatches,
  validateStreamMessage,
  validateStreamEvent,
};
