import { formatCurrency } from '@bastion/domain/format/currency';
import type {
  CoverScope,
  PercentOfTotalCover,
  PricingMethodName,
  ScheduleAggregate,
  ScheduleType,
} from '@bastion/domain/pricing/methods';
import type { PricingMethodRowView } from '../api/pricing-methods.ts';
import { KIND_LABELS } from './catalog-labels.ts';

/** How the catalogue screens name pricing methods, covers and discount schedules (issue 35). */

export const METHOD_LABELS: Readonly<Record<PricingMethodName, string>> = {
  LIST: 'List price',
  PERCENT_OF_TOTAL: 'Percent of total',
  BLOCK: 'Block price',
  COST_PLUS: 'Cost plus',
};

export const METHOD_HELP: Readonly<Record<PricingMethodName, string>> = {
  LIST: 'The unit list price is the SKU’s price row.',
  PERCENT_OF_TOTAL:
    'The unit list price is a share of the net unit price of the lines it covers (per year for annual lines).',
  BLOCK: 'One flat price for any quantity within a band (set the bands below).',
  COST_PLUS: 'The unit list price is the SKU’s cost from the margin data plus a markup.',
};

export const SCOPE_LABELS: Readonly<Record<CoverScope, string>> = {
  SKU: 'The SKUs named',
  MODEL: 'Lines of its model',
  FAMILY: 'Lines of its family',
  QUOTE: 'Every line of the quote',
};

export const SCHEDULE_TYPE_LABELS: Readonly<Record<ScheduleType, string>> = {
  RANGE: 'Range',
  SLAB: 'Slab',
};

export const SCHEDULE_TYPE_HELP: Readonly<Record<ScheduleType, string>> = {
  RANGE: 'One rate for every unit: the tier the quantity reaches.',
  SLAB: 'Each band of units at its own tier’s rate.',
};

export const AGGREGATE_LABELS: Readonly<Record<ScheduleAggregate, string>> = {
  SKU: 'The quote’s units of the SKU',
  FAMILY: 'The quote’s units of its family on this schedule',
};

const kindsText = (cover: PercentOfTotalCover) =>
  (cover.kinds ?? []).length === 0
    ? 'every kind'
    : (cover.kinds ?? []).map((kind) => KIND_LABELS[kind].toLowerCase()).join(', ');

/** What a cover takes in, in words: "the lines of its model (hardware)". */
export function coverText(cover: PercentOfTotalCover | null): string {
  if (!cover) return 'nothing yet';
  if (cover.scope === 'SKU') return (cover.skus ?? []).join(', ');
  const where = {
    MODEL: 'the lines of its model',
    FAMILY: 'the lines of its family',
    QUOTE: 'every line of the quote',
  }[cover.scope];
  return `${where} (${kindsText(cover)})`;
}

/** A method row in one line: "20 % of BX-200F-HW, BX-200F-SUB; at least $150.00". */
export function methodText(
  row: Pick<
    PricingMethodRowView,
    'method' | 'percent' | 'covers' | 'floor_usd_minor' | 'ceiling_usd_minor'
  >,
): string {
  if (row.method === 'LIST') return 'The SKU’s list price';
  if (row.method === 'BLOCK') return 'A flat price per band of quantity';
  if (row.method === 'COST_PLUS') return `Cost + ${row.percent ?? '0'} %`;
  const limits = [
    row.floor_usd_minor === null ? null : `at least ${formatCurrency(row.floor_usd_minor, 'USD')}`,
    row.ceiling_usd_minor === null
      ? null
      : `at most ${formatCurrency(row.ceiling_usd_minor, 'USD')}`,
  ].filter((part) => part !== null);
  return `${row.percent ?? '0'} % of ${coverText(row.covers)}${limits.length > 0 ? `; ${limits.join(', ')}` : ''}`;
}
