export {
  costMicros,
  DEFAULT_PRICE_TABLE,
  type PriceTable,
  PriceTableSchema,
  priceTableEnv,
} from './prices.ts';
export { createUsageRecorder, type UsageRecorder } from './recorder.ts';
