import type { OptionSelection } from '@bastion/domain/catalog/bundle-options';
import type { Billing } from '@bastion/domain/pricing/model';
import type { ProductKind } from '@bastion/domain/pricing/product-kinds';
import { formatContractStartDate } from '@bastion/domain/quotes/contract-dates';
import { statusColor } from '@bastion/domain/quotes/status-display';
import type { LapSize } from '@bastion/domain/validation/secure-access';
import type { PriceStatus } from '../api/sku-prices.ts';

/** How the catalogue screens name kinds, billings, sizes and statuses. */

export const KIND_LABELS: Readonly<Record<ProductKind, string>> = {
  HARDWARE: 'Hardware',
  ACCESS_POINT: 'Access point',
  SUBSCRIPTION: 'Subscription',
  SUPPORT: 'Support',
  SERVICE: 'Service',
  BUNDLE: 'Bundle',
};

export const BILLING_LABELS: Readonly<Record<Billing, string>> = {
  ONE_TIME: 'One-time',
  ANNUAL: 'Annual (per 12 months)',
};

export const SIZE_LABELS: Readonly<Record<LapSize, string>> = {
  xs: 'XS (up to 25 devices)',
  s: 'S (up to 100 devices)',
  m: 'M (up to 500 devices)',
  l: 'L (more than 500 devices)',
};

/** A bundle option's selection (issue 34). */
export const SELECTION_LABELS: Readonly<Record<OptionSelection, string>> = {
  REQUIRED: 'Required',
  DEFAULT: 'Default',
  OPTIONAL: 'Optional',
};

/** The family whose subscriptions are sized and priced by a secure-access model. */
export const SECURE_ACCESS_FAMILY = 'SECURE_ACCESS';

/** A calendar date as the app shows them (DD-MMM-YYYY); the text itself if it is not one. */
export const formatDay = (iso: string) => formatContractStartDate(iso) ?? iso;

/** Spec §4: Active success, Inactive pink. */
export function skuStatusOf(isActive: boolean) {
  const label = isActive ? 'Active' : 'Inactive';
  return { label, tone: statusColor(label) };
}

/** A scheduled price is "Scheduled" (warning, spec §4); in effect is live like Active. */
export const PRICE_STATUS_BADGES: Readonly<Record<PriceStatus, { label: string; tone: string }>> = {
  in_effect: { label: 'In effect', tone: statusColor('Active') },
  scheduled: { label: 'Scheduled', tone: statusColor('Scheduled') },
  past: { label: 'Past', tone: 'grey' },
};

export const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
