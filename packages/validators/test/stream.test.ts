// The `stream` entry of the validators: the same functions from ESM and CJS, an unknown schema name is a clear error,
// and the channel grammar and the event check name the position, field and rule that failed.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import * as esm from '@laevitas-api/validators/stream';

const require = createRequire(import.meta.url);
const cjs = require('@laevitas-api/validators/stream');

describe('@laevitas-api/validators/stream', () => {
  it('exports the same functions from ESM and CJS, without loading the REST validators', () => {
    expect(Object.keys(esm).sort()).toEqual(Object.keys(cjs).sort());
    expect(Object.keys(require.cache).some((path) => path.includes('registry.cjs'))).toBe(false);
  });
  it('names the known schemas when asked for an unknown one', () => {
    expect(() => esm.validateStreamMessage('Nope', {})).toThrow(/Unknown stream schema "Nope" \(known: .*TradesEvent/);
  });
  it('remembers channels it read (frozen, so a caller cannot corrupt the cache) and never a refused one', () => {
    const first = esm.parseChannelPattern('trades.spot.kraken.XBTUSD', { wildcards: false });
    expect(esm.parseChannelPattern('trades.spot.kraken.XBTUSD', { wildcards: false })).toBe(first);
    expect(Object.isFrozen(first) && first.ok && Object.isFrozen(first.segments)).toBe(true);
    expect(esm.parseChannelPattern('trades.*', { wildcards: false }).ok).toBe(false);
    expect(esm.parseChannelPattern('trades.*').ok).toBe(true);
    expect(esm.parseChannelPattern('trades.*', { wildcards: false }).ok).toBe(false);
  });
  it('reports the position and rule of a bad channel, and the field and rule of a bad event', () => {
    expect(esm.parseChannelPattern('book.options.deribit.X')).toEqual({
      ok: false,
      error: expect.stringMatching(/market must be one of perpetuals, futures, spot, predictions, \* \(got "options"\)/),
    });
    expect(esm.parseChannelPattern('trades.futures.binance.A B')).toEqual({ ok: false, error: expect.stringMatching(/instrument "A B" must match/) });
    const event = {
      channel: 'ohlc.vt.futures.okx.BTC-USD.1m',
      data: { state: 'live', instrument_name: 'BTC-USD', timeframe: '2m', open: 1, high: 1, low: 1, close: 1, vwap: 1, buy_volume: 1, sell_volume: 1 },
    };
    expect(esm.validateStreamEvent(event)).toMatchObject({ ok: false, family: 'ohlc.vt', issues: [{ path: 'data.timeframe', rule: 'enum' }] });
    expect(esm.validateStreamEvent({ ...event, data: { ...event.data, timeframe: '1m' } })).toEqual({ ok: true, family: 'ohlc.vt', issues: [] });
    expect(esm.validateStreamEvent([1]).issues[0]!.path).toBe('(root)');
  });
});
