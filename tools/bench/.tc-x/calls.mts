import { createClient } from '@laevitas-api/client';
const c = createClient();
export async function all() { return c.getOptionsOhlcvt({ query: { instrument_name: 'BTC-26MAR27-100000-C' } }); }
