import { describe, expect, it } from 'vitest';
import type { SalesChannel } from '../quotes/sales-channel.ts';
import type { CatalogSku, PricingInput } from './model.ts';
import { priced, pricingInput, usdPrices } from './pricing.test-support.ts';

/*
 * Issue 33: a line has two discounts, the seller discount (typed, beyond standard pricing) and
 * the effective discount (from list: volume, partner and typed together). Exact basis points.
 */

const hardware: CatalogSku = {
  sku: 'HW',
  name: 'Firewall',
  kind: 'HARDWARE',
  active: true,
  billing: 'ONE_TIME',
  prices: usdPrices(100_000),
  volume_tiers: [{ min_quantity: 10, percent: '8' }],
  unit_cost_usd_minor: 40_000,
};
const bundle: CatalogSku = {
  ...hardware,
  sku: 'BUN',
  name: 'Bundle',
  kind: 'BUNDLE',
  prices: usdPrices(0),
};

function lineFigures(
  channel: SalesChannel,
  quantity: number,
  typed: string | null,
  extra: Partial<PricingInput> = {},
) {
  const result = priced(
    pricingInput({
      sales_channel: channel,
      partner_type: channel === 'DIRECT' ? null : 'AUTHORIZED',
      partner_discounts: [
        { sales_channel: 'T1', partner_type: 'AUTHORIZED', product_kind: 'HARDWARE', percent: '5' },
        {
          sales_channel: 'T2',
          partner_type: 'AUTHORIZED',
          product_kind: 'HARDWARE',
          percent: '35',
        },
      ],
      lines: [{ line_id: 'L1', sku: 'HW', quantities: [quantity], manual_discount_percent: typed }],
      catalog: { HW: hardware, BUN: bundle },
      ...extra,
    }),
  );
  const line = result.lines[0]!;
  return {
    seller: line.seller_discount_percent_bp,
    effective: line.effective_discount_percent_bp,
    sellerMinor: line.seller_discount_minor,
  };
}

describe('the seller discount and the effective discount of a line', () => {
  it.each([
    // channel, quantity, typed, seller bp, effective bp, seller money
    ['a direct line with nothing typed', 'DIRECT', 1, null, 0, 0, 0],
    ['a direct line with 10 % typed', 'DIRECT', 1, '10', 1000, 1000, 10_000],
    ['a tier-2 line at the standard partner discount', 'T2', 1, null, 0, 3500, 0],
    // 1 − 0.95 × 0.65 = 38.25 %: the line, 35 % typed on a 5 % partner discount.
    ['a tier-1 line with 35 % typed on 5 % partner', 'T1', 1, '35', 3500, 3825, 33_250],
    // 1 − 0.92 × 0.95 = 12.6 %: volume and partner are standard pricing, nothing typed.
    ['a volume tier and a partner discount, nothing typed', 'T1', 10, null, 0, 1260, 0],
    // 1 − 0.92 × 0.65 × 0.875 = 47.675 %, to the basis point 4768.
    ['volume, partner and 12.5 % typed', 'T2', 10, '12.5', 1250, 4768, 74_750],
  ] as const)('%s', (_, channel, quantity, typed, seller, effective, sellerMinor) => {
    expect(lineFigures(channel, quantity, typed)).toEqual({ seller, effective, sellerMinor });
  });

  it('gives a bundle line no discount of its own', () => {
    const result = priced(
      pricingInput({
        lines: [
          { line_id: 'B', sku: 'BUN', quantities: [1] },
          {
            line_id: 'C',
            sku: 'HW',
            quantities: [1],
            manual_discount_percent: '20',
            parent_line_id: 'B',
          },
        ],
        catalog: { HW: hardware, BUN: bundle },
      }),
    );
    const [bundleLine, component] = result.lines;
    expect([bundleLine?.seller_discount_percent_bp, bundleLine?.seller_discount_minor]).toEqual([
      0, 0,
    ]);
    expect(component?.seller_discount_percent_bp).toBe(2000);
  });
});
