import { describe, expect, it } from 'vitest';
import {
  ZDiscountScheduleForm,
  ZPriceBlocksForm,
  ZPricingMethodForm,
  ZSaveDiscountScheduleBody,
  ZSavePriceBlocksBody,
  ZSaveTermDiscountBody,
  ZSchedulePricingMethodBody,
  ZTermDiscountForm,
  type PricingMethodFormValues,
} from './methods-schema.ts';

const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

const form = (change: Partial<PricingMethodFormValues> = {}): PricingMethodFormValues => ({
  sku: 'BX-200F-SUP-PRM',
  method: 'PERCENT_OF_TOTAL',
  percent: '20.00',
  covers: { scope: 'SKU', skus: ['BX-200F-HW'], kinds: ['SUPPORT'] },
  floor_usd: '150',
  ceiling_usd: '',
  effective_from: '2027-01-01',
  ...change,
});

describe('the pricing method body and form', () => {
  it('sends only the fields of the method, which the server stores as the shortest percentage and cents', () => {
    const body = ZPricingMethodForm.parse(form());
    expect(body).toEqual({
      sku: 'BX-200F-SUP-PRM',
      method: 'PERCENT_OF_TOTAL',
      percent: '20.00',
      covers: { scope: 'SKU', skus: ['BX-200F-HW'] },
      floor_usd: '150',
      ceiling_usd: '',
      effective_from: '2027-01-01',
    });
    expect(ZSchedulePricingMethodBody.parse(body)).toEqual({
      sku: 'BX-200F-SUP-PRM',
      method: 'PERCENT_OF_TOTAL',
      percent: '20',
      covers: { scope: 'SKU', skus: ['BX-200F-HW'] },
      floor_usd_minor: 15_000,
      ceiling_usd_minor: null,
      effective_from: '2027-01-01',
    });
    expect(
      ZPricingMethodForm.parse(
        form({ method: 'COST_PLUS', percent: '12.50', floor_usd: 'x', ceiling_usd: '1' }),
      ),
    ).toMatchObject({ method: 'COST_PLUS', percent: '12.50', covers: null, floor_usd: null });
    expect(ZPricingMethodForm.parse(form({ method: 'BLOCK', percent: '7' }))).toMatchObject({
      percent: null,
      covers: null,
    });
    expect(
      ZPricingMethodForm.parse(
        form({ covers: { scope: 'FAMILY', skus: ['X-1'], kinds: ['HARDWARE'] } }),
      ).covers,
    ).toEqual({ scope: 'FAMILY', kinds: ['HARDWARE'] });
  });

  it('says what is wrong on the field it is about, as the server would', () => {
    expect(
      messagesOf(
        ZPricingMethodForm.safeParse(
          form({
            percent: '',
            covers: { scope: 'SKU', skus: ['BX-200F-SUP-PRM'], kinds: [] },
            floor_usd: '10.001',
          }),
        ),
      ),
    ).toEqual([
      ['floor_usd', 'The floor can have at most 2 decimals (cents).'],
      ['percent', 'Enter the share of the covered net unit price, such as 20.'],
      ['covers.skus', 'BX-200F-SUP-PRM cannot cover itself.'],
    ]);
    expect(
      messagesOf(
        ZPricingMethodForm.safeParse(
          form({
            covers: { scope: '', skus: [], kinds: [] },
            floor_usd: '200',
            ceiling_usd: '100',
          }),
        ),
      ),
    ).toEqual([
      ['covers.scope', 'Say what the SKU covers: SKUs, its model, its family or the whole quote.'],
      ['floor_usd', 'The floor cannot be above the ceiling.'],
    ]);
  });

  it('refuses what only an API client could send', () => {
    expect(
      messagesOf(
        ZSchedulePricingMethodBody.safeParse({
          sku: 'LA-VM-5GB',
          method: 'BLOCK',
          percent: '5',
          covers: { scope: 'QUOTE' },
          effective_from: '2027-01-01',
        }),
      ),
    ).toEqual([
      [
        'percent',
        'Only the percent-of-total and cost-plus methods take a percentage: leave it empty.',
      ],
      ['covers.scope', 'Only the percent-of-total method covers other lines.'],
    ]);
    expect(
      messagesOf(
        ZSchedulePricingMethodBody.safeParse({
          sku: 'LA-VM-5GB',
          method: 'PERCENT',
          effective_from: '1 Jan',
        }),
      ),
    ).toEqual([
      ['method', 'The pricing method is one of LIST, PERCENT_OF_TOTAL, BLOCK, COST_PLUS.'],
      ['effective_from', 'The first day of the new pricing method: dates look like 2027-01-01.'],
    ]);
  });
});

describe('the block bands form', () => {
  const bands = (rows: { min_quantity: string; max_quantity: string; price: string }[]) => ({
    sku: 'LA-VM-5GB',
    currency_code: 'usd',
    bands: rows,
  });

  it('reads quantities and prices, a blank end for no end', () => {
    const body = ZPriceBlocksForm.parse(
      bands([
        { min_quantity: '1', max_quantity: '5', price: '2995' },
        { min_quantity: '6', max_quantity: ' ', price: '8995.50' },
      ]),
    );
    expect(body.bands).toEqual([
      { min_quantity: 1, max_quantity: 5, price: '2995' },
      { min_quantity: 6, max_quantity: null, price: '8995.50' },
    ]);
    expect(ZSavePriceBlocksBody.parse(body)).toEqual({
      sku: 'LA-VM-5GB',
      currency_code: 'USD',
      bands: [
        { min_quantity: 1, max_quantity: 5, price_minor: 299_500 },
        { min_quantity: 6, max_quantity: null, price_minor: 899_550 },
      ],
    });
  });

  it('refuses overlaps, unreadable quantities and prices on their fields', () => {
    expect(
      messagesOf(
        ZPriceBlocksForm.safeParse(
          bands([
            { min_quantity: '1', max_quantity: '5', price: '10' },
            { min_quantity: '5', max_quantity: '25', price: '-3' },
            { min_quantity: 'x', max_quantity: '', price: '1' },
          ]),
        ),
      ),
    ).toEqual([
      ['bands.2.min_quantity', 'A band starts at a whole number from 0 to 1,000,000,000.'],
    ]);
    expect(
      messagesOf(
        ZPriceBlocksForm.safeParse(
          bands([
            { min_quantity: '1', max_quantity: '5', price: '10' },
            { min_quantity: '5', max_quantity: '25', price: '-3' },
          ]),
        ),
      ),
    ).toEqual([
      ['bands.1.price', 'A price cannot be negative.'],
      ['bands.1.min_quantity', 'Bands 1–5 and 5–25 overlap.'],
    ]);
  });
});

describe('the discount schedule form', () => {
  const schedule = {
    is_new: true,
    id: ' ep-volume ',
    name: ' Endpoint volume ',
    schedule_type: 'SLAB' as const,
    aggregate: 'FAMILY' as const,
    include_installed_base: true,
    tiers: [
      { min_quantity: '500', percent: '10.50' },
      { min_quantity: '100', percent: '5' },
    ],
    updated_at: null,
  };

  it('sends the tiers as numbers; the server keeps them in order, percentages as their shortest text', () => {
    expect(ZDiscountScheduleForm.parse(schedule).tiers).toEqual([
      { min_quantity: 500, percent: '10.50' },
      { min_quantity: 100, percent: '5' },
    ]);
    expect(ZSaveDiscountScheduleBody.parse(ZDiscountScheduleForm.parse(schedule))).toEqual({
      ...schedule,
      id: 'EP-VOLUME',
      name: 'Endpoint volume',
      tiers: [
        { min_quantity: 100, percent: '5' },
        { min_quantity: 500, percent: '10.5' },
      ],
    });
  });

  it('refuses two tiers from one quantity and a schedule without tiers', () => {
    expect(
      messagesOf(
        ZDiscountScheduleForm.safeParse({
          ...schedule,
          tiers: [
            { min_quantity: '100', percent: '5' },
            { min_quantity: '100', percent: '8' },
          ],
        }),
      ),
    ).toEqual([['tiers.1.min_quantity', 'Two tiers start at 100 units: keep one.']]);
    expect(messagesOf(ZSaveDiscountScheduleBody.safeParse({ ...schedule, tiers: [] }))).toEqual([
      ['tiers', 'A discount schedule needs at least one tier.'],
    ]);
    expect(messagesOf(ZDiscountScheduleForm.safeParse({ ...schedule, id: 'a b' }))).toEqual([
      [
        'id',
        'A schedule code is 2 to 40 capital letters, digits, dashes and underscores (like EP-VOLUME).',
      ],
    ]);
  });
});

describe('the term discount form', () => {
  it('reads months as typed and keeps the percentage exact', () => {
    const body = ZTermDiscountForm.parse({
      product_kind: 'SUBSCRIPTION',
      min_months: '36',
      percent: '7.50',
    });
    expect(body).toEqual({ product_kind: 'SUBSCRIPTION', min_months: 36, percent: '7.50' });
    expect(ZSaveTermDiscountBody.parse(body)).toEqual({ ...body, percent: '7.5' });
    expect(
      messagesOf(
        ZSaveTermDiscountBody.safeParse({ product_kind: 'BUNDLE', min_months: 0, percent: '5' }),
      ),
    ).toEqual([
      [
        'product_kind',
        'A bundle has no price of its own: give its components’ kinds a term discount.',
      ],
      ['min_months', 'A term discount starts at a whole number of months from 1 to 60.'],
    ]);
  });
});
