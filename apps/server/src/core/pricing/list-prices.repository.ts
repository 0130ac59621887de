import { asc, sql, type Column } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { currencyRates, skuPrices } from '@bastion/db/schema/catalog';
import { outer } from '../../lib/db/queries.ts';

/* The standard list and its currencies, as the catalogue administration and the price books read them. */

/** Currencies the catalogue sells in: those with an exchange rate. */
export async function listCurrencyCodes(db: Database): Promise<string[]> {
  const rows = await db
    .select({ code: currencyRates.currencyCode })
    .from(currencyRates)
    .orderBy(asc(currencyRates.currencyCode));
  return rows.map((row) => row.code);
}

/** The standard list price of the outer query's SKU in a currency on a day, as a subquery. */
export const listPriceOn = (skuCode: Column, currencyCode: Column | string, day: string) =>
  sql<number | null>`(
    select ${skuPrices.unitPriceMinor} from ${skuPrices}
    where ${skuPrices.sku} = ${outer(skuCode)}
      and ${skuPrices.currencyCode} = ${typeof currencyCode === 'string' ? currencyCode : outer(currencyCode)}
      and ${skuPrices.effectiveFrom} <= ${day}
      and (${skuPrices.effectiveTo} is null or ${skuPrices.effectiveTo} > ${day})
    order by ${skuPrices.effectiveFrom} desc
    limit 1
  )`.mapWith((value) => (value === null ? null : Number(value)));
