// The stream pushes spelt right compile (part of the package typecheck and of test/types.test.ts), and an event's
// data is typed by its channel's family.
import { createStream } from '@laevitas-api/client/stream';
import { createStreamGateway, TestWebSocket } from '../../src/index.js';

const gateway = createStreamGateway();
export const trade = gateway.push('trades.futures.binance.BTCUSDT', { price: 93_000, amount: 0.5 });
export const bar = gateway.push('ohlc.vt.spot.coinbase.BTC-USD.1h', { close: 1 });
export const price: number = gateway.event('trades.futures.binance.BTCUSDT').data.price;
export const closed: number = gateway.close(4008);
export const stream = createStream({ apiKey: 'test-key', WebSocket: TestWebSocket });
