// The `stream` entry: a type per message, the family → event map that narrows a pattern's events, typed patterns
// that refuse a wildcard where the gateway refuses it, and the gateway's tables as frozen constants in ESM and CJS.
// The type assertions are checked by `tsc` (the package's typecheck target compiles this file).
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import * as esm from '@laevitas-api/types/stream';
import type {
  StreamEventOf,
  StreamPattern,
  StreamChannels,
  StreamChannel,
  TradesEvent,
  OhlcVtEvent,
  BookEvent,
  FamilyOf,
  SubscribeRequest,
} from '@laevitas-api/types/stream';

const require = createRequire(import.meta.url);
const cjs = require('@laevitas-api/types/stream');

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(_: T) => undefined;

assertType<Equal<StreamEventOf<'trades.futures.binance.BTCUSDT'>, TradesEvent>>(true);
assertType<Equal<StreamEventOf<'ohlc.vt.*.*.*.1m'>, OhlcVtEvent>>(true);
assertType<Equal<StreamEventOf<'book.*'>, BookEvent>>(true);
assertType<Equal<FamilyOf<'ohlc.ticker.futures.deribit.BTC-27MAR26.5m'>, 'ohlc.ticker'>>(true);
assertType<Equal<FamilyOf<'nope.x'>, never>>(true);
const good: StreamPattern[] = ['trades.futures.binance.BTCUSDT', 'trades.*', 'open-interest.*', 'funding-rate.perpetuals.*', 'ohlc.ticker.*.*.*.1h'];
// @ts-expect-error the timeframe position takes no wildcard
const noTfWildcard: StreamPattern = 'ohlc.ticker.futures.deribit.BTC-27MAR26.*';
// @ts-expect-error liquidations exist for perpetuals and futures only
const noOptionsLiquidations: StreamPattern = 'liquidations.options.deribit.BTC-27MAR26';
const channel: StreamChannels['ohlc.vt'] = 'ohlc.vt.futures.okx.BTC-USD.1m';
// @ts-expect-error a channel name has no wildcard
const noWildcardChannel: StreamChannel = 'trades.*.binance.BTCUSDT';
// @ts-expect-error requests carry no jsonrpc member
const noJsonRpc: SubscribeRequest = { jsonrpc: '2.0', id: 1, method: 'subscribe', params: { channels: ['trades.*'] } };

describe('@laevitas-api/types/stream', () => {
  it('exports the same frozen tables from ESM and CJS', () => {
    expect(Object.keys(esm).sort()).toEqual(Object.keys(cjs).sort());
    expect(esm.STREAM_FAMILIES).toEqual(cjs.STREAM_FAMILIES);
    expect(esm.STREAM_FAMILIES.map((f) => f.family).sort()).toEqual([
      'book',
      'funding-rate',
      'liquidations',
      'ohlc.ticker',
      'ohlc.vt',
      'open-interest',
      'trades',
    ]);
    expect(esm.STREAM_LIMITS.subscriptionsPerConnection).toBe(200);
    expect(esm.STREAM_SERVERS.native.pathname).toBe('/ws');
    expect(Object.isFrozen(esm.STREAM_CLOSE_CODES[0])).toBe(true);
    expect(esm.STREAM_CLOSE_CODES.find((c) => c.code === 4001)?.reconnect).toBe('never');
    expect(good).toHaveLength(5);
    expect(channel.length + noWildcardChannel.length).toBeGreaterThan(0);
    expect([typeof noTfWildcard, typeof noOptionsLiquidations, typeof noJsonRpc]).toEqual(['string', 'string', 'object']);
  });
});
