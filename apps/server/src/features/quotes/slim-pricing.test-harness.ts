import type { SlimPricingResult } from '@bastion/domain/pricing/slim-result';

/** What tests read of the configure page's slim pricing answer (pricing/slim-result.ts). */
export type SlimPricing = SlimPricingResult;

/** One line of a slim answer, its columns gathered: the figures of line `lineId` by name. */
export function slimLine(pricing: SlimPricing, lineId: string) {
  const i = pricing.lines.line_id.indexOf(lineId);
  if (i < 0) throw new Error(`no line ${lineId} in ${JSON.stringify(pricing.lines.line_id)}`);
  const { lines } = pricing;
  return {
    unit_list: lines.unit_list[i],
    adjusted_unit_list: lines.adjusted_unit_list[i],
    discount_percent: lines.discount_percent[i],
    list: lines.list[i],
    net: lines.net[i],
    is_bundle: lines.is_bundle[i],
    quantities: lines.years.quantity[i],
    year_nets: lines.years.net[i],
  };
}
