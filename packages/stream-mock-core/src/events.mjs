// Data events for the stream mocks, made from the AsyncAPI contract's message examples: the example's data with the
// channel's market, exchange, instrument and timeframe put in, and its numbers moving like a market does. Each
// channel has one random walk that scales every price-like number of its events together (so high stays above low
// and bids below asks), volumes jitter on their own, ids count up and timestamps are the clock's.

// The document is passed in (the contract tool reads the bundle from disk, the testing kit carries a generated copy).
import { STREAM_FAMILIES } from '@laevitas-api/types/stream';

/**
 * @typedef {import('@laevitas-api/types/stream').StreamFamilyInfo} StreamFamilyInfo
 * @typedef {{channel: string, data: Record<string, any>}} StreamExample one documented event (its data of any family's shape)
 */

/** Seeded PRNG (mulberry32): the same seed gives the same stream, so a failing test can be replayed. */
export function createRandom(seed = 1) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * family → the example events of its message in the bundled AsyncAPI document.
 * @param {{components: {messages: Record<string, any>}}} document the AsyncAPI bundle as parsed JSON
 * @returns {Record<string, StreamExample[]>}
 */
export function examplesByFamily(document) {
  const messages = Object.values(document.components.messages);
  return Object.fromEntries(
    STREAM_FAMILIES.map((f) => {
      const message = messages.find((m) => m.payload.$ref.endsWith(`/${f.message}`));
      const examples = (message?.examples ?? []).map((/** @type {{payload: StreamExample}} */ e) => e.payload);
      if (!examples.length) throw new Error(`stream mock: the contract has no example of ${f.message}`);
      return [f.family, examples];
    }),
  );
}

/**
 * Fills a pattern's wildcards with values the matrix allows: a concrete channel the pattern matches.
 * @param {StreamFamilyInfo} family  @param {readonly string[]} segments  @param {StreamExample} example  @param {() => number} random
 */
export function concreteChannel(family, segments, example, random) {
  const exampleParts = example.channel.slice(family.family.length + 1).split('.');
  /** @type {string[]} */
  const values = [];
  family.positions.forEach((position, i) => {
    const given = segments[i];
    if (given !== undefined && given !== '*') return values.push(given);
    const exampleValue = exampleParts[i];
    let choices = position.values ?? (exampleValue === undefined ? [] : [exampleValue]);
    const market = values[0];
    if (position.byMarket && market !== undefined) choices = position.byMarket[market] ?? choices;
    // Half the time the example's own value (its instrument fits it), otherwise any the matrix allows, so a wildcard
    // subscription sees several markets and exchanges.
    const own = exampleValue !== undefined && choices.includes(exampleValue) && random() < 0.5;
    const value = own ? exampleValue : choices[Math.floor(random() * choices.length)];
    if (value === undefined) throw new Error(`stream mock: no value for segment ${i + 1} of ${family.family} (example ${example.channel})`);
    values.push(value);
  });
  return `${family.family}.${values.join('.')}`;
}

const PRICE_LIKE = /price|open|high|low|close|vwap|microprice|strike|premium|index|mark/i;
const COUNTER = /(^|_)id$/;

/**
 * One generator per connection: `next(family, channel)` returns the next event of that channel.
 * @param {{examples: Record<string, StreamExample[]>, seed?: number | undefined, now?: (() => number) | undefined}} options
 */
export function createEventSource({ examples, seed = 1, now = Date.now }) {
  const random = createRandom(seed);
  /** @type {Map<string, {factor: number, tick: number}>} */
  const walks = new Map(); // channel → { factor, tick }
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

  /** @param {unknown} value  @param {string} key  @param {{factor: number, tick: number}} walk  @returns {unknown} */
  function move(value, key, walk) {
    if (Array.isArray(value)) return value.map((v) => move(v, key, walk));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, move(v, k, walk)]));
    if (typeof value === 'number') {
      if (key === 'timestamp') return now();
      if (key === 'depth' || key === 'strike') return value;
      const scaled = PRICE_LIKE.test(key) ? value * walk.factor : value * (1 + 0.02 * normal());
      return Number.isInteger(value) ? Math.round(scaled) : Number(scaled.toPrecision(8));
    }
    if (typeof value === 'string' && COUNTER.test(key) && /^\d+$/.test(value)) return String(BigInt(value) + BigInt(walk.tick));
    return value;
  }

  /** The family's examples, the first being its default.  @param {StreamFamilyInfo} family  @returns {[StreamExample, ...StreamExample[]]} */
  function examplesOf(family) {
    const list = examples[family.family];
    if (!list?.[0]) throw new Error(`stream mock: no example event for the family ${family.family}`);
    return /** @type {[StreamExample, ...StreamExample[]]} */ (list);
  }

  return {
    /** @param {StreamFamilyInfo} family  @param {readonly string[]} segments */
    channelFor(family, segments) {
      return concreteChannel(family, segments, examplesOf(family)[0], random);
    },
    /** @param {StreamFamilyInfo} family  @param {string} channel */
    next(family, channel) {
      const list = examplesOf(family);
      const walk = walks.get(channel) ?? { factor: 1, tick: 0 };
      walk.tick += 1;
      walk.factor *= Math.exp(0.0005 * normal()); // about 5 bp per event
      walks.set(channel, walk);
      const parts = channel.slice(family.family.length + 1).split('.');
      // The example of the channel's market where there is one (an options trade for an options channel).
      const example = list.find((e) => e.channel.slice(family.family.length + 1).split('.')[0] === parts[0]) ?? list[0];
      const data = /** @type {Record<string, any>} */ (move(structuredClone(example.data), '', walk));
      // Level arrays are [price, size]: the size jitters, the price follows the walk.
      for (const side of ['asks', 'bids']) {
        if (Array.isArray(data[side]))
          data[side] = example.data[side].map((/** @type {[number, number]} */ [p, s]) => [
            Number((p * walk.factor).toPrecision(8)),
            Number((s * (1 + 0.1 * Math.abs(normal()))).toPrecision(6)),
          ]);
      }
      const named = Object.fromEntries(family.positions.map((p, i) => [p.name, parts[i]]));
      if ('instrument_name' in data) data.instrument_name = named.instrument;
      if ('exchange' in data) data.exchange = named.exchange;
      if ('timeframe' in data && named.tf) data.timeframe = named.tf;
      return { channel, data };
    },
  };
}
