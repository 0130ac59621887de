import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBp } from './decimal.ts';
import { priceQuote } from './engine.ts';
import { type CatalogSku, type LineResult, type PricingInput, type PricingLine } from './model.ts';
import { catalogSku, priced } from './pricing.test-support.ts';
import { PRODUCT_KINDS } from './product-kinds.ts';

const PRICED_KINDS = PRODUCT_KINDS.filter((kind) => kind !== 'BUNDLE');
const PARTNER_TYPES = ['AUTHORIZED', 'SILVER', 'GOLD', 'PLATINUM'];
const BUNDLE_SKU = 'BND';

/** A percentage with at most 2 decimals, as text, between min and max percent. */
const percentText = (min: number, max: number) =>
  fc.integer({ min: min * 100, max: max * 100 }).map(formatBp);

const skuArbitrary = (code: string): fc.Arbitrary<CatalogSku> =>
  fc.record({
    sku: fc.constant(code),
    name: fc.constant(`Product ${code}`),
    kind: fc.constantFrom(...PRICED_KINDS),
    active: fc.constant(true),
    billing: fc.constantFrom('ONE_TIME' as const, 'ANNUAL' as const),
    prices: fc
      .tuple(fc.integer({ min: 0, max: 20_000_000 }), fc.integer({ min: 0, max: 20_000_000 }))
      .map(([usd, eur]) => [
        {
          currency_code: 'USD',
          unit_price_minor: usd,
          effective_from: '2024-01-01',
          effective_to: null,
        },
        {
          currency_code: 'EUR',
          unit_price_minor: eur,
          effective_from: '2024-01-01',
          effective_to: null,
        },
      ]),
    volume_tiers: fc.uniqueArray(
      fc.record({ min_quantity: fc.integer({ min: 0, max: 2_000 }), percent: percentText(0, 100) }),
      { maxLength: 4, selector: (tier) => tier.min_quantity },
    ),
    unit_cost_usd_minor: fc.option(fc.integer({ min: 0, max: 2_000_000 }), { freq: 4 }),
    cost_year_factors_percent: fc.array(percentText(0, 150), { maxLength: 5 }),
  });

interface LineDraft {
  skuIndex: number;
  quantities: number[];
  manual: string | undefined;
  /** Which bundle line, if any, a non-bundle line belongs to. */
  parentPick: number | null;
  /** Issue 19: a unit list price typed for a non-bundle line. */
  typedUnitList: number | null;
}

/**
 * Valid pricing inputs: every figure in range, bundles with components, both quote types. The
 * ranges keep the largest quote (25 lines × 5 years × 5,000 units at the highest price, cost and
 * rate) within a safe integer of minor units; the refusal beyond is tested in engine.test.ts.
 */
const inputArbitrary: fc.Arbitrary<PricingInput> = fc
  .record({
    quoteType: fc.constantFrom('STANDARD' as const, 'ELA' as const),
    lengthPick: fc.integer({ min: 0, max: 59 }),
    skuCount: fc.integer({ min: 1, max: 6 }),
  })
  .chain(({ quoteType, lengthPick, skuCount }) => {
    const contractLength = quoteType === 'ELA' ? 12 + (lengthPick % 49) : 1 + lengthPick;
    const years = quoteType === 'ELA' ? Math.ceil(contractLength / 12) : 1;
    const codes = Array.from({ length: skuCount }, (_, index) => `SKU-${index}`);
    const line: fc.Arbitrary<LineDraft> = fc.record({
      // One past the priced SKUs picks the bundle.
      skuIndex: fc.integer({ min: 0, max: skuCount }),
      quantities: fc.array(
        fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 5_000 })),
        { minLength: years, maxLength: years },
      ),
      manual: fc.option(percentText(0, 100), { nil: undefined }),
      parentPick: fc.option(fc.nat(), { freq: 2 }),
      // Within the catalogue's range, so the largest quote stays a safe integer.
      typedUnitList: fc.option(fc.integer({ min: 0, max: 20_000_000 }), { freq: 3 }),
    });
    return fc
      .record({
        currency: fc.constantFrom('USD', 'EUR'),
        // 0.3 (about KWD) to 2,000 per USD.
        rate: fc
          .integer({ min: 300_000, max: 2_000_000_000 })
          .map((micro) => `${Math.floor(micro / 1e6)}.${String(micro % 1e6).padStart(6, '0')}`),
        channel: fc.constantFrom('DIRECT' as const, 'T1' as const, 'T2' as const),
        partnerType: fc.option(fc.constantFrom(...PARTNER_TYPES)),
        adjustment: percentText(-50, 50),
        partnerPercents: fc.array(fc.option(percentText(0, 100)), {
          minLength: PRICED_KINDS.length * 2 * PARTNER_TYPES.length,
          maxLength: PRICED_KINDS.length * 2 * PARTNER_TYPES.length,
        }),
        skus: fc.tuple(...codes.map(skuArbitrary)),
        drafts: fc.array(line, { maxLength: 25 }),
      })
      .map((drawn): PricingInput => {
        const catalog: Record<string, CatalogSku> = {
          [BUNDLE_SKU]: catalogSku({
            sku: BUNDLE_SKU,
            name: 'Bundle',
            kind: 'BUNDLE',
            billing: 'ONE_TIME',
          }),
        };
        for (const entry of drawn.skus) catalog[entry.sku] = entry;
        const skuOf = (draft: LineDraft) => codes[draft.skuIndex] ?? BUNDLE_SKU;
        const bundleIds = drawn.drafts
          .map((draft, index) => (skuOf(draft) === BUNDLE_SKU ? `L${index}` : null))
          .filter((id): id is string => id !== null);
        const lines = drawn.drafts.map((draft, index): PricingLine => {
          const sku = skuOf(draft);
          const isBundle = sku === BUNDLE_SKU;
          const parent =
            !isBundle && draft.parentPick !== null && bundleIds.length > 0
              ? bundleIds[draft.parentPick % bundleIds.length]
              : null;
          return {
            line_id: `L${index}`,
            sku,
            quantities: draft.quantities,
            ...(isBundle || draft.manual === undefined
              ? {}
              : { manual_discount_percent: draft.manual }),
            parent_line_id: parent ?? null,
            ...(isBundle || draft.typedUnitList === null
              ? {}
              : { adjusted_unit_list_minor: draft.typedUnitList }),
          };
        });
        const partner_discounts: PricingInput['partner_discounts'] = [];
        let pick = 0;
        for (const channel of ['T1', 'T2'] as const) {
          for (const partner_type of PARTNER_TYPES) {
            for (const product_kind of PRICED_KINDS) {
              const percent = drawn.partnerPercents[pick++];
              if (percent)
                partner_discounts.push({
                  sales_channel: channel,
                  partner_type,
                  product_kind,
                  percent,
                });
            }
          }
        }
        return {
          currency_code: drawn.currency,
          price_date: '2025-06-30',
          quote_type: quoteType,
          contract_length: contractLength,
          sales_channel: drawn.channel,
          partner_type: drawn.channel === 'DIRECT' ? null : drawn.partnerType,
          price_adjustment_percent: drawn.adjustment,
          usd_rates: { EUR: drawn.rate },
          partner_discounts,
          lines,
          catalog,
        };
      });
  });

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Totals of known costs, or null as soon as one is unknown. */
const sumOrNull = (values: (number | null)[]) =>
  values.some((value) => value === null) ? null : sum(values as number[]);

const byLineId = (lines: LineResult[]) => new Map(lines.map((line) => [line.line_id, line]));

describe('priceQuote properties', () => {
  it('prices every valid input', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        expect(priceQuote(input).ok).toBe(true);
      }),
    );
  });

  it('lines add up to the quote to the cent, in total and per year', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const { lines, totals } = priced(input);
        expect(sum(lines.map((line) => line.net_minor))).toBe(totals.net_minor);
        expect(sum(lines.map((line) => line.list_minor))).toBe(totals.list_minor);
        expect(sum(lines.map((line) => line.adjustment_minor))).toBe(totals.adjustment_minor);
        expect(sum(lines.map((line) => line.discount_minor))).toBe(totals.discount_minor);
        expect(sumOrNull(lines.map((line) => line.cost_minor))).toBe(totals.cost_minor);
        expect(totals.list_minor + totals.adjustment_minor - totals.discount_minor).toBe(
          totals.net_minor,
        );

        for (const { year, list_minor, net_minor } of totals.per_year) {
          const yearsOf = lines.map((line) => line.years[year - 1]);
          expect(sum(yearsOf.map((entry) => entry?.net_minor ?? Number.NaN))).toBe(net_minor);
          expect(sum(yearsOf.map((entry) => entry?.list_minor ?? Number.NaN))).toBe(list_minor);
        }
        expect(sum(totals.per_year.map((year) => year.net_minor))).toBe(totals.net_minor);

        for (const line of lines) {
          expect(sum(line.years.map((year) => year.net_minor))).toBe(line.net_minor);
          expect(sumOrNull(line.years.map((year) => year.cost_minor))).toBe(line.cost_minor);
          expect(line.list_minor + line.adjustment_minor - line.discount_minor).toBe(
            line.net_minor,
          );
          if (line.rollup) {
            const components = lines.filter((other) => other.parent_line_id === line.line_id);
            expect(line.rollup.net_minor).toBe(sum(components.map((other) => other.net_minor)));
          }
        }
      }),
    );
  });

  it('no discount raises a price', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const { lines } = priced(input);
        const isUpliftQuote =
          !input.price_adjustment_percent.startsWith('-') && input.price_adjustment_percent !== '0';
        for (const line of lines) {
          // A typed unit list price replaces the quote's percentage on its line.
          const isUplift =
            line.adjusted_unit_list_minor === null
              ? isUpliftQuote
              : line.adjusted_unit_list_minor > line.unit_list_price_minor;
          for (const year of line.years) {
            for (const [index, step] of year.waterfall.entries()) {
              const previous = year.waterfall[index - 1];
              if (step.step === 'VOLUME' || step.step === 'PARTNER' || step.step === 'MANUAL') {
                expect(step.amount_minor).toBeLessThanOrEqual(0);
                expect(step.subtotal_minor).toBeLessThanOrEqual(previous?.subtotal_minor ?? -1);
                expect(step.subtotal_minor).toBeGreaterThanOrEqual(0);
              }
            }
            const adjusted = year.waterfall[1]?.subtotal_minor ?? 0;
            expect(year.net_minor).toBeLessThanOrEqual(adjusted);
            if (!isUplift) expect(year.net_minor).toBeLessThanOrEqual(year.list_minor);
          }
          expect(line.net_minor).toBeLessThanOrEqual(line.list_minor + line.adjustment_minor);
          expect(line.discount_minor).toBeGreaterThanOrEqual(0);
          expect(line.effective_discount_percent_bp).toBeGreaterThanOrEqual(0);
          expect(line.effective_discount_percent_bp).toBeLessThanOrEqual(10_000);
        }
      }),
    );
  });

  it('a larger manual discount never gives a higher net', () => {
    fc.assert(
      fc.property(
        inputArbitrary,
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (input, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const withDiscount = (bp: number): PricingInput => ({
            ...input,
            lines: input.lines.map((line) =>
              line.sku === BUNDLE_SKU ? line : { ...line, manual_discount_percent: formatBp(bp) },
            ),
          });
          const lowLines = byLineId(priced(withDiscount(low)).lines);
          for (const line of priced(withDiscount(high)).lines) {
            expect(line.net_minor).toBeLessThanOrEqual(lowLines.get(line.line_id)?.net_minor ?? -1);
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('a typed unit list price prices its line as the catalogue would at that price', () => {
    fc.assert(
      fc.property(inputArbitrary, (drawn) => {
        // Without volume tiers: a tier reads every line of a SKU together, and the twin below
        // moves lines to SKUs of their own.
        const input = {
          ...drawn,
          price_adjustment_percent: '0',
          catalog: Object.fromEntries(
            Object.entries(drawn.catalog).map(([code, entry]) => [
              code,
              { ...entry, volume_tiers: [] },
            ]),
          ),
        };
        // Each line with a typed price gets a SKU of its own whose catalogue price is that price.
        const catalog = { ...input.catalog };
        const lines = input.lines.map((line) => {
          const typed = line.adjusted_unit_list_minor;
          const entry = catalog[line.sku];
          if (typed === undefined || typed === null || !entry) return line;
          const code = `${line.sku}@${line.line_id}`;
          catalog[code] = {
            ...entry,
            sku: code,
            prices: entry.prices.map((row) => ({ ...row, unit_price_minor: typed })),
          };
          return { ...line, sku: code, adjusted_unit_list_minor: null };
        });
        const asCatalogue = byLineId(priced({ ...input, catalog, lines }).lines);
        for (const line of priced(input).lines) {
          const twin = asCatalogue.get(line.line_id);
          expect(line.net_minor).toBe(twin?.net_minor);
          expect(line.discount_minor).toBe(twin?.discount_minor);
          expect(line.cost_minor).toBe(twin?.cost_minor);
          expect(line.list_minor + line.adjustment_minor).toBe(
            (twin?.list_minor ?? Number.NaN) + (twin?.adjustment_minor ?? Number.NaN),
          );
          line.years.forEach((year, index) => {
            const subtotals = (steps: typeof year.waterfall) =>
              steps.slice(1).map((step) => step.subtotal_minor);
            expect(subtotals(year.waterfall)).toEqual(
              subtotals(twin?.years[index]?.waterfall ?? []),
            );
          });
        }
      }),
    );
  });

  it('re-pricing the same input gives the identical result and leaves the input untouched', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const copy = JSON.parse(JSON.stringify(input)) as PricingInput;
        const first = priceQuote(input);
        expect(input).toEqual(copy);
        expect(priceQuote(input)).toEqual(first);
        expect(priceQuote(copy)).toEqual(first);
      }),
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(
        inputArbitrary.chain((input) =>
          fc.tuple(
            fc.constant(input),
            fc.shuffledSubarray(input.lines, {
              minLength: input.lines.length,
              maxLength: input.lines.length,
            }),
          ),
        ),
        ([input, shuffledLines]) => {
          const original = priced(input);
          const shuffled = priced({ ...input, lines: shuffledLines });
          expect(shuffled.totals).toEqual(original.totals);
          expect(shuffled.net_usd_minor).toBe(original.net_usd_minor);
          expect(shuffled.lines.map((line) => line.line_id)).toEqual(
            shuffledLines.map((line) => line.line_id),
          );
          const originalById = byLineId(original.lines);
          for (const line of shuffled.lines) expect(line).toEqual(originalById.get(line.line_id));
        },
      ),
    );
  });

  it('margin is net less cost, and its percent is rounded from the same figures', () => {
    fc.assert(
      fc.property(inputArbitrary, (input) => {
        const { lines, totals } = priced(input);
        for (const figures of [...lines, totals]) {
          if (figures.cost_minor === null) {
            expect(figures.margin_minor).toBeNull();
            expect(figures.margin_percent_bp).toBeNull();
            continue;
          }
          expect(figures.margin_minor).toBe(figures.net_minor - figures.cost_minor);
          if (figures.net_minor > 0 && figures.margin_percent_bp !== null) {
            // |bp - margin × 10000 / net| ≤ 1/2, i.e. |2 × (bp × net - margin × 10000)| ≤ net.
            const error =
              BigInt(figures.margin_percent_bp) * BigInt(figures.net_minor) -
              BigInt(figures.margin_minor ?? 0) * 10_000n;
            expect(2n * (error < 0n ? -error : error) <= BigInt(figures.net_minor)).toBe(true);
          } else if (figures.net_minor > 0) {
            // Only a ratio beyond a safe integer is left out.
            const ratio = (BigInt(figures.margin_minor ?? 0) * 10_000n) / BigInt(figures.net_minor);
            expect(ratio < -BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
          } else {
            expect(figures.margin_percent_bp).toBeNull();
          }
        }
      }),
    );
  });
});
