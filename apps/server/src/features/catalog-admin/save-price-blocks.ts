import type { SkuPricingView } from '@bastion/domain/pricing/methods-views';
import type { Database } from '@bastion/db/client';
import { invalidField } from './catalog-admin-errors.ts';
import { requireSoldCurrency } from './change-price.ts';
import { lockSku } from './sku-lookup.ts';
import { getSkuPricing } from './get-sku-pricing.ts';
import type { SavePriceBlocksInput } from '@bastion/domain/pricing/methods-api';
import { listBlocksOf, replaceBlocks } from './pricing-methods.repository.ts';

type Band = SavePriceBlocksInput['bands'][number];

/**
 * Replaces a SKU's block bands in one currency (issue 35: a flat price per band of quantity,
 * which the BLOCK method reads): the whole list at once, checked by the schema (whole
 * quantities, no overlap, whole cents); an empty list removes the currency's bands. The currency
 * must have an exchange rate, as for prices, and a bundle has no price of its own.
 */
export async function savePriceBlocks(
  db: Database,
  input: SavePriceBlocksInput,
  now: Date = new Date(),
): Promise<SkuPricingView & { before: Band[] }> {
  const before = await db.transaction(async (tx) => {
    await requireSoldCurrency(tx, input.currency_code);
    const sku = await lockSku(tx, input.sku);
    if (sku.kind === 'BUNDLE') {
      throw invalidField(
        'bands',
        `${sku.sku} is a bundle: it has no price of its own, so no bands. Price its components.`,
      );
    }
    const stored = (await listBlocksOf(tx, sku.sku)).filter(
      (block) => block.currencyCode === input.currency_code,
    );
    const ordered = [...input.bands].sort((a, b) => a.min_quantity - b.min_quantity);
    await replaceBlocks(tx, sku.sku, input.currency_code, ordered);
    return stored.map((block) => ({
      min_quantity: block.minQuantity,
      max_quantity: block.maxQuantity,
      price_minor: block.priceMinor,
    }));
  });
  return { ...(await getSkuPricing(db, input.sku, now)), before };
}
