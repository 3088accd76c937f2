// The fixed routes of the mock benchmark: both families, list and object answers, small and large bodies, each
// with the credential header its family reads (the client's wire layer).
import { credentialHeaders, familyOfPath } from '@laevitas-api/client/wire';

const keyed = (/** @type {string} */ path) => ({ path, headers: credentialHeaders(familyOfPath(path), { apiKey: 'bench-key' }) });
export const ROUTES = [
  { path: '/api/v1/health', headers: {} },
  keyed('/api/v1/options/ohlcvt?instrument_name=BTC-26DEC25-100000-C&resolution=1h'),
  keyed('/api/v1/futures/catalog?exchange=deribit&currency=BTC'),
  keyed('/analytics/derivs/futures/DERIBIT/BTC/26MAR27'),
  keyed('/historical/derivs/perpetuals/BINANCE/BTCUSDT?start=2026-11-20&end=2026-11-21'),
];
