// The fixed routes of the mock benchmark: both families, list and object answers, small and large bodies.
const key = { apiKey: 'bench-key' };
export const ROUTES = [
  { path: '/api/v1/health', headers: {} },
  { path: '/api/v1/options/ohlcvt?instrument_name=BTC-26DEC25-100000-C&resolution=1h', headers: key },
  { path: '/api/v1/futures/catalog?exchange=deribit&currency=BTC', headers: key },
  { path: '/analytics/derivs/futures/DERIBIT/BTC/26MAR27', headers: key },
  { path: '/historical/derivs/perpetuals/BINANCE/BTCUSDT?start=2026-11-20&end=2026-11-21', headers: key },
];
