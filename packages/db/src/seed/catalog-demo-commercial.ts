/**
 * The demo catalogue's commercial tables: SKUs sold only with approval, partner discounts,
 * exchange rates, and the cost data behind margins.
 */
import { type FamilyId, type Kind } from './catalog-demo-tables.ts';
import { VIRTUAL_ELITE_FROM } from './catalog-demo-products.ts';

/** SKUs a quote may carry only with approval, and why. */
export const APPROVAL_REASONS: Readonly<Record<string, string>> = {
  'PS-RE-MONTH': 'Resident engineers need staffing confirmed by Professional Services.',
  'PS-CUSTOM-DEV': 'Custom development needs a statement of work reviewed by Engineering.',
  ...Object.fromEntries(
    VIRTUAL_ELITE_FROM.map((model) => [
      `${model}-SUP-ELT`,
      'Elite support on a virtual firewall has no hardware to replace; Support Operations must agree the terms.',
    ]),
  ),
};

/** Partner discount per kind for T1; T2 adds the distributor's share. */
// prettier-ignore
export const PARTNER_DISCOUNTS_T1: Readonly<Record<string, Readonly<Record<Kind, number>>>> = {
  AUTHORIZED: { HARDWARE: 10, ACCESS_POINT: 10, SUBSCRIPTION: 15, SUPPORT: 5, SERVICE: 0, BUNDLE: 0 },
  SELECT: { HARDWARE: 14, ACCESS_POINT: 13, SUBSCRIPTION: 19, SUPPORT: 7, SERVICE: 2, BUNDLE: 0 },
  SILVER: { HARDWARE: 15, ACCESS_POINT: 14, SUBSCRIPTION: 20, SUPPORT: 8, SERVICE: 3, BUNDLE: 0 },
  GOLD: { HARDWARE: 18, ACCESS_POINT: 17, SUBSCRIPTION: 24, SUPPORT: 10, SERVICE: 5, BUNDLE: 0 },
  PLATINUM: { HARDWARE: 22, ACCESS_POINT: 20, SUBSCRIPTION: 27, SUPPORT: 12, SERVICE: 8, BUNDLE: 0 },
  PREMIER: { HARDWARE: 25, ACCESS_POINT: 22, SUBSCRIPTION: 30, SUPPORT: 15, SERVICE: 10, BUNDLE: 0 },
  MSP: { HARDWARE: 15, ACCESS_POINT: 15, SUBSCRIPTION: 28, SUPPORT: 10, SERVICE: 5, BUNDLE: 0 },
};
/** A bundle has no price of its own, so no discount either: its components carry both. */
export const T2_EXTRA: Readonly<Record<Kind, number>> = {
  HARDWARE: 3,
  ACCESS_POINT: 3,
  SUBSCRIPTION: 3,
  SUPPORT: 2,
  SERVICE: 2,
  BUNDLE: 0,
};

export const RATES: readonly [code: string, unitsPerUsd: string][] = [
  ['USD', '1.000000'],
  ['EUR', '0.920000'],
  ['GBP', '0.790000'],
  ['JPY', '151.500000'],
  ['AUD', '1.520000'],
  ['CAD', '1.360000'],
];

/**
 * Cost as a share of the USD list, per family, for everything but hardware. The table is keyed by
 * family only, so each figure blends the family's subscriptions (~10 %), support (~20 %) and
 * services (~55 %).
 */
export const COST_PERCENT: Readonly<Record<FamilyId, string>> = {
  FIREWALL: '16.00',
  SECURE_ACCESS: '12.00',
  ENDPOINT: '10.00',
  CLOUD: '13.00',
  IDENTITY: '9.00',
};
/**
 * Expected support load of the families that sell support: cases one unit raises a year and the
 * USD cost of handling one (cents). A firewall raises more cases than an access point, and a
 * firewall case needs a more senior engineer.
 */
export const SUPPORT_CASES: Readonly<
  Partial<Record<FamilyId, { cases: string; costPerCase: number }>>
> = {
  FIREWALL: { cases: '0.400', costPerCase: 8_500 },
  SECURE_ACCESS: { cases: '0.150', costPerCase: 6_000 },
};
/** Freight, duty and handling on hardware. */
export const MARKUP_PERCENT: Readonly<Record<Kind, string>> = {
  HARDWARE: '8.00',
  ACCESS_POINT: '6.00',
  SUBSCRIPTION: '0.00',
  SUPPORT: '0.00',
  SERVICE: '0.00',
  BUNDLE: '0.00',
};
/** Contract years 1–5: hardware gets cheaper to build, support cheaper to run, labour dearer. */
export const DEPRECIATION_PERCENT: Readonly<Record<Kind, readonly number[]>> = {
  HARDWARE: [100, 97, 94, 91, 88],
  ACCESS_POINT: [100, 96, 92, 88, 84],
  SUBSCRIPTION: [100, 100, 100, 100, 100],
  SUPPORT: [100, 95, 90, 85, 80],
  SERVICE: [100, 103, 106, 109, 112],
  BUNDLE: [100, 100, 100, 100, 100],
};

/** Landed cost of hardware: 35–45 % of the USD list, varying by SKU. */
export const hardwareCostPercent = (index: number) => 35 + ((index * 7) % 11);
export const percentText = (value: number) => value.toFixed(2);
export const percentOf = (usd: number, percent: number) => Math.round((usd * percent) / 100);
