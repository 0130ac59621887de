/** The lists people know by name, in the order the page offers them; others show their key. */
const KNOWN_LISTS: readonly (readonly [lookup: string, name: string])[] = [
  ['shipping_regions', 'Shipping regions'],
  ['incoterms', 'Incoterms'],
  ['slas', 'SLAs'],
  ['partner_types', 'Partner types'],
  ['product_families', 'Product families'],
  ['deal_types', 'Deal types'],
  ['quote_types', 'Quote types'],
  ['contract_lengths', 'Contract lengths'],
  ['sales_channels', 'Sales channels'],
  ['secure_access_sku_types', 'Secure-access SKU types'],
];

const NAMES = new Map(KNOWN_LISTS);
const POSITIONS = new Map(KNOWN_LISTS.map(([lookup], index) => [lookup, index]));

export function lookupListName(lookup: string): string {
  return NAMES.get(lookup) ?? lookup;
}

/** Known lists first, in their usual order, then the others by key. */
export function byListName(a: string, b: string): number {
  const pa = POSITIONS.get(a) ?? KNOWN_LISTS.length;
  const pb = POSITIONS.get(b) ?? KNOWN_LISTS.length;
  return pa - pb || a.localeCompare(b);
}
