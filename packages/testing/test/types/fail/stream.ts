// Each line must fail to compile with the message on its marker (test/types.test.ts compiles this file): the stream
// doubles are typed per channel, so a push on a channel outside the grammar, or with a field of the wrong type for its
// family, is refused where it is written. (A field the contract does not name is allowed: every event's data is an
// open shape in the contract, `additionalProperties: true`.)
import { createStreamGateway } from '../../../src/index.js';

const gateway = createStreamGateway();
export const family = gateway.push('trade.futures.binance.BTCUSDT', { price: 1 }); // expect-error: not assignable to parameter of type
export const market = gateway.push('trades.future.binance.BTCUSDT', { price: 1 }); // expect-error: not assignable to parameter of type
export const timeframe = gateway.push('ohlc.vt.spot.coinbase.BTC-USD.2h', { close: 1 }); // expect-error: not assignable to parameter of type
export const fieldType = gateway.push('trades.futures.binance.BTCUSDT', { price: 'high' }); // expect-error: Type 'string' is not assignable to type 'number'
export const fieldValue = gateway.push('ohlc.vt.spot.coinbase.BTC-USD.1h', { timeframe: '2h' }); // expect-error: Type '"2h"' is not assignable
export const eventShape = gateway.event('trades.futures.binance.BTCUSDT').data.price.toUpperCase(); // expect-error: Property 'toUpperCase' does not exist on type 'number'
export const closeCode = gateway.close(4007); // expect-error: Argument of type '4007' is not assignable
export const dropCode = gateway.close(1006); // expect-error: Argument of type '1006' is not assignable
