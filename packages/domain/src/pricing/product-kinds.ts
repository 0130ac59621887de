/**
 * The kinds of product the catalogue sells. Its own module because the pricing model and the
 * pricing methods (methods.ts) both name them, and neither may import the other both ways.
 */
export const PRODUCT_KINDS = [
  'HARDWARE',
  'ACCESS_POINT',
  'SUBSCRIPTION',
  'SUPPORT',
  'SERVICE',
  'BUNDLE',
] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
