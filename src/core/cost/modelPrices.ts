// What model calls cost, as the user states it: per model id, US dollars per million input, cached input and
// output tokens. Nothing is built in — a price list goes stale and differs per provider and contract — so
// with no prices Planwright shows tokens only.
import { z } from 'zod';

const PerMillion = z.number().finite().nonnegative();

/** The price of one model, in US dollars per million tokens; cached input costs as input when not given. */
export const ModelPriceSchema = z.strictObject({
  input: PerMillion,
  cachedInput: PerMillion.optional(),
  output: PerMillion,
});
/** The price of one model. */
export type ModelPrice = z.infer<typeof ModelPriceSchema>;

/** Prices by model id (the id the endpoint reports, or a prefix of it such as `gpt-4o` for `gpt-4o-2024-08-06`). */
export const ModelPricesSchema = z.record(z.string().min(1), ModelPriceSchema);
/** Prices by model id. */
export type ModelPrices = z.infer<typeof ModelPricesSchema>;

/** A dated snapshot suffix, as in `gpt-4o-2024-08-06` or `claude-3-5-sonnet-20241022`. */
const SNAPSHOT = /^-\d{4}-?\d{2}-?\d{2}$/;

/**
 * The price of `model`: the entry named exactly, else the entry of which `model` is a dated snapshot
 * (`gpt-4o` prices `gpt-4o-2024-08-06`, never `gpt-4o-mini`); undefined when none.
 */
export function priceOf(prices: ModelPrices, model: string): ModelPrice | undefined {
  if (Object.hasOwn(prices, model)) return prices[model];
  const key = Object.keys(prices).find((candidate) => model.startsWith(candidate) && SNAPSHOT.test(model.slice(candidate.length)));
  return key === undefined ? undefined : prices[key];
}
