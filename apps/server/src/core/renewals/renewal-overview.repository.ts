import { inArray } from 'drizzle-orm';
import type { RenewalOverview } from '@bastion/domain/renewals/explanations';
import type { QuoteRenewal } from '@bastion/domain/renewals/model';
import type { Database } from '@bastion/db/client';
import { contracts } from '@bastion/db/schema/quotes';

/**
 * What a renewal, co-term or true-up quote says above its products (issue 18): its kind, the
 * contracts by number, its term and the lines it drops. Shared by the summary and the document.
 * Null for any other quote.
 */
export async function readRenewalOverview(
  db: Database,
  renewal: QuoteRenewal | null,
): Promise<RenewalOverview | null> {
  if (!renewal) return null;
  const rows =
    renewal.contract_ids.length === 0
      ? []
      : await db
          .select({ id: contracts.id, number: contracts.contractNumber })
          .from(contracts)
          .where(inArray(contracts.id, renewal.contract_ids));
  const numberOf = new Map(rows.map((row) => [row.id, row.number]));
  return {
    kind: renewal.kind,
    contract_numbers: renewal.contract_ids.flatMap((id) => {
      const number = numberOf.get(id);
      return number ? [number] : [];
    }),
    term_start: renewal.term_start,
    term_end: renewal.term_end,
    drops: renewal.drops.map(({ sku, quantity, reason }) => ({ sku, quantity, reason })),
  };
}
