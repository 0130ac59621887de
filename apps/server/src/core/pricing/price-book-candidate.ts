import type { PriceBookRow } from '../../lib/db/rows.ts';

/** A book's row as resolution reads it (packages/domain/src/pricing/price-books.ts). */
export const bookCandidateOf = (row: PriceBookRow) => ({
  id: row.id,
  name: row.name,
  segment: row.segment,
  region: row.region,
  sales_channel: row.salesChannel,
  partner_type: row.partnerType,
  priority: row.priority,
  effective_from: row.effectiveFrom,
  effective_to: row.effectiveTo,
  is_active: row.isActive,
});
