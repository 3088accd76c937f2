// The same checks as the contract's OptionsOhlcvtResponse, written by hand with zod 4, for the side-by-side run.
import { z } from 'zod';

const bucket = /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]) ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$/;
const row = z.looseObject({
  date: z.string().regex(bucket),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  vwap: z.number(),
  volume: z.number().min(0),
  buy_volume: z.number().min(0),
  sell_volume: z.number().min(0),
  trades_count: z.number().min(0),
  buy_trades_count: z.number().min(0),
  sell_trades_count: z.number().min(0),
  liquidation_short_volume: z.number().nullable(),
  liquidation_long_volume: z.number().nullable(),
  block_trade_buy_volume: z.number().nullable(),
  block_trade_sell_volume: z.number().nullable(),
  mark_price: z.number(),
  index_price: z.number().nullable(),
  days_to_expiry: z.number(),
});
const meta = z.looseObject({
  next_cursor: z.string().nullable(),
  empty_reason: z
    .enum(['unsupported_exchange', 'ineligible_instrument', 'outside_coverage', 'no_matching_data', 'classification_unavailable'])
    .nullable()
    .optional(),
  has_more: z.boolean().optional(),
});
export const OptionsOhlcvtResponse = z.looseObject({ data: z.array(row), meta });
