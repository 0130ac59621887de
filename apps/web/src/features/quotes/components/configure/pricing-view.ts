import { decimalAsMinor, type SlimPricingResult } from '@bastion/domain/pricing/slim-result';

/*
 * The configure page's pricing as it reads it: the server's slim answer (docs/pricing.md) read
 * once into numbers and a lookup by line key, so that a row finds its figures at once.
 */

/** One line's figures as the configure page shows them, in minor units. */
export interface LinePrice {
  /** The catalogue's unit list price; 0 on a bundle. */
  unitListMinor: number;
  /** The unit list price typed for the line; null: the catalogue's. */
  adjustedUnitListMinor: number | null;
  /** The effective discount (discount-names.ts), percent text ("12.5"). */
  discountPercent: string;
  /** The seller discount: what was typed, as the server read it, percent text ("10"). */
  sellerDiscountPercent: string;
  /** Only with showsMargin (else undefined); null when the cost is unknown. */
  costMinor?: number | null;
  marginMinor?: number | null;
  marginPercent?: string | null;
  /** Over the contract; on a bundle, its components'. */
  listMinor: number;
  netMinor: number;
  isBundle: boolean;
  years: { quantity: number; netMinor: number }[];
}

/**
 * The configure page's pricing (the server's slim answer, docs/pricing.md), read once into
 * numbers and a lookup by line key, so that a row finds its figures at once.
 */
export interface PricingView {
  currencyCode: string;
  years: number;
  showsMargin: boolean;
  netUsdMinor: number;
  /** Issue 35: the price book the quote is priced from; null: the standard list. */
  priceBook: { id: string; name: string } | null;
  /** Issue 35: what changed under the quote since it was priced (its book, its rate). */
  notices: string[];
  totals: {
    listMinor: number;
    adjustmentMinor: number;
    discountMinor: number;
    netMinor: number;
    /** Only with showsMargin; null when a cost is unknown. */
    costMinor: number | null;
    marginMinor: number | null;
    marginPercent: string | null;
    perYear: { year: number; listMinor: number; netMinor: number }[];
  };
  byLineKey: ReadonlyMap<string, LinePrice>;
}

/** Decimal text from the server as minor units; the answer's schema guarantees the format. */
const minorOf = (text: string): number => decimalAsMinor(text) ?? 0;
const nullableMinorOf = (text: string | null | undefined) =>
  text === null || text === undefined ? null : minorOf(text);

export function pricingView(slim: SlimPricingResult): PricingView {
  const { lines, totals } = slim;
  const byLineKey = new Map<string, LinePrice>();
  lines.line_id.forEach((key, i) => {
    const quantities = lines.years.quantity[i] ?? [];
    const nets = lines.years.net[i] ?? [];
    byLineKey.set(key, {
      unitListMinor: minorOf(lines.unit_list[i] ?? '0.00'),
      adjustedUnitListMinor: nullableMinorOf(lines.adjusted_unit_list[i]),
      discountPercent: lines.discount_percent[i] ?? '0',
      sellerDiscountPercent: lines.seller_discount_percent[i] ?? '0',
      ...(slim.shows_margin
        ? {
            costMinor: nullableMinorOf(lines.cost?.[i]),
            marginMinor: nullableMinorOf(lines.margin?.[i]),
            marginPercent: lines.margin_percent?.[i] ?? null,
          }
        : {}),
      listMinor: minorOf(lines.list[i] ?? '0.00'),
      netMinor: minorOf(lines.net[i] ?? '0.00'),
      isBundle: lines.is_bundle[i] ?? false,
      years: quantities.map((quantity, y) => ({ quantity, netMinor: minorOf(nets[y] ?? '0.00') })),
    });
  });
  return {
    currencyCode: slim.currency_code,
    years: slim.years,
    showsMargin: slim.shows_margin,
    netUsdMinor: minorOf(slim.net_usd),
    priceBook: slim.price_book,
    notices: slim.notices,
    totals: {
      listMinor: minorOf(totals.list),
      adjustmentMinor: minorOf(totals.adjustment),
      discountMinor: minorOf(totals.discount),
      netMinor: minorOf(totals.net),
      costMinor: nullableMinorOf(totals.cost),
      marginMinor: nullableMinorOf(totals.margin),
      marginPercent: totals.margin_percent ?? null,
      perYear: totals.years.net.map((net, y) => ({
        year: y + 1,
        listMinor: minorOf(totals.years.list[y] ?? '0.00'),
        netMinor: minorOf(net),
      })),
    },
    byLineKey,
  };
}
