/**
 * The two discounts of a line, named once for every screen, the quote document, the reports and
 * the approval reasons (issue 33, decision 030):
 *
 * - the seller discount: what the seller typed, beyond standard pricing (the volume tier and the
 *   partner discount of the sales channel, which every seller of the channel gets);
 * - the effective discount: how far the line's net is below its list, volume, partner and typed
 *   discounts together.
 */
export const DISCOUNT_NAMES = {
  seller: 'Seller discount',
  effective: 'Effective discount',
} as const;

/** What each name means, for a header's title or a legend. */
export const DISCOUNT_DESCRIPTIONS = {
  seller: 'What the seller typed, beyond standard volume and partner pricing',
  effective: 'How far the net is below list: volume, partner and seller discounts together',
} as const;

/** Margin as every screen that may show it names it. */
export const MARGIN_NAMES = {
  cost: 'Cost',
  margin: 'Margin',
  marginPercent: 'Margin %',
} as const;
