/**
 * A product line of the catalogue's hierarchy, as POST /api/dx/catalog/hierarchy lists it to
 * every catalogue reader: the catalogue grid's filter and the quote's product finder read it.
 */
export interface ProductLine {
  id: string;
  parent_id: string | null;
  name: string;
  family_id: string | null;
  sort_order: number;
  /** Active SKUs placed directly on this line. */
  sku_count: number;
}
