import { formatCurrency } from '../format/currency.ts';
import { DISCOUNT_NAMES } from '../pricing/discount-names.ts';
import type { LineResult } from '../pricing/model.ts';
import { quotedUnitListMinor } from '../pricing/unit-list.ts';
import { explainDrop, lineExplanations, renewalHeadline } from '../renewals/explanations.ts';
import { NONE, contractYearsOf, formatCount, formatPercentBp, text } from './document-values.ts';
import type {
  DocumentBlock,
  DocumentColumn,
  DocumentLineInput,
  DocumentRow,
  DocumentSection,
  QuoteDocumentInput,
} from './quote-document-model.ts';

/**
 * The quote document's sections about what is bought (issue 17): products by family with their
 * prices (a column a contract year for ELA), totals, hardware and shipping.
 */

const NO_FAMILY = 'Other products';

/** Families in their catalogue order, then by name; lines keep the quote's order within each. */
function linesByFamily(lines: readonly DocumentLineInput[]) {
  const families = new Map<string, { order: number; lines: DocumentLineInput[] }>();
  for (const line of lines) {
    const name = line.family?.name ?? NO_FAMILY;
    const family = families.get(name) ?? {
      order: line.family?.sort_order ?? Number.MAX_SAFE_INTEGER,
      lines: [],
    };
    family.lines.push(line);
    families.set(name, family);
  }
  return [...families.entries()]
    .sort(([a, x], [b, y]) => x.order - y.order || a.localeCompare(b))
    .map(([name, family]) => ({ name, lines: family.lines }));
}

export function productsSection(input: QuoteDocumentInput): DocumentSection {
  const { quote } = input;
  const years = contractYearsOf(quote.quote_type, quote.contract_length);
  const isEla = quote.quote_type === 'ELA';
  const result = input.pricing?.ok ? input.pricing.result : null;
  const priced = new Map<string, LineResult>(result?.lines.map((l) => [l.line_id, l]) ?? []);
  const money = (minor: number) =>
    formatCurrency(minor, result?.currency_code ?? quote.currency_code);
  const skuOf = new Map(input.lines.map((l) => [l.line_id, l.sku]));
  const productName = (line: DocumentLineInput) => {
    const bundle = line.parent_line_id ? skuOf.get(line.parent_line_id) : undefined;
    return bundle ? `${line.name} (part of ${bundle})` : line.name;
  };
  // A bundle's price is its components', each on its own line: it is never counted twice.
  const hasPrice = (line: DocumentLineInput) => line.kind !== 'BUNDLE' && priced.has(line.line_id);

  const columns: DocumentColumn[] = isEla
    ? [
        { label: 'SKU', align: 'left', width: 3.6 },
        { label: 'Product', align: 'left', width: 3.6 },
        { label: 'Unit list price', align: 'right', width: 2.5 },
        ...Array.from({ length: years }, (_, i) => ({
          label: `Year ${i + 1}`,
          align: 'right' as const,
          width: 2.5,
        })),
        { label: 'Net amount', align: 'right', width: 2.8 },
      ]
    : [
        { label: 'SKU', align: 'left', width: 3 },
        { label: 'Product', align: 'left', width: 5 },
        { label: 'Qty', align: 'right', width: 1.2 },
        { label: 'Unit list price', align: 'right', width: 2.6 },
        { label: DISCOUNT_NAMES.seller, align: 'right', width: 1.8 },
        { label: DISCOUNT_NAMES.effective, align: 'right', width: 1.8 },
        { label: 'Net amount', align: 'right', width: 2.8 },
      ];

  const rowOf = (line: DocumentLineInput): DocumentRow => {
    const price = hasPrice(line) ? priced.get(line.line_id) : undefined;
    // The unit list price the line is quoted at: typed on the configure page, or the catalogue's.
    const unit = price ? money(quotedUnitListMinor(price)) : NONE;
    const net = price ? money(price.net_minor) : NONE;
    if (isEla) {
      const perYear = Array.from({ length: years }, (_, i) => {
        const qty = formatCount(line.quantities[i] ?? 0);
        const yearNet = price?.years[i];
        return yearNet ? `${qty}\n${money(yearNet.net_minor)}` : qty;
      });
      return { cells: [line.sku, productName(line), unit, ...perYear, net] };
    }
    // The same two figures, by the same names, as on the configure and summary pages.
    const seller = price ? formatPercentBp(price.seller_discount_percent_bp) : NONE;
    const effective = price ? formatPercentBp(price.effective_discount_percent_bp) : NONE;
    return {
      cells: [
        line.sku,
        productName(line),
        formatCount(line.quantities[0] ?? 0),
        unit,
        seller,
        effective,
        net,
      ],
    };
  };

  const blocks: DocumentBlock[] = [];
  if (input.renewal) {
    blocks.push(
      { kind: 'paragraph', text: renewalHeadline(input.renewal) },
      ...input.renewal.drops.map((drop) => ({
        kind: 'paragraph' as const,
        text: explainDrop(drop),
      })),
    );
  }
  if (input.pricing && !input.pricing.ok) {
    blocks.push({
      kind: 'paragraph',
      text: `Prices could not be computed: ${input.pricing.messages.join(' ')}`,
      is_notice: true,
    });
  }
  if (isEla) {
    blocks.push({
      kind: 'paragraph',
      text: 'Each year shows the quantity, then its net amount.',
    });
  }
  if (input.lines.length === 0) {
    blocks.push({ kind: 'paragraph', text: 'This quote has no products.' });
  }
  // Under a prorated or contract-priced line, how it was worked out, a sentence a row.
  const notesOf = (line: DocumentLineInput): DocumentRow[] => {
    const price = hasPrice(line) ? priced.get(line.line_id) : undefined;
    if (!price) return [];
    const notes = lineExplanations(price, money);
    // A column a contract year leaves no room for two more: an ELA line says its discounts
    // under it, by the same names as the STANDARD columns.
    if (isEla) {
      notes.unshift(
        `${DISCOUNT_NAMES.seller} ${formatPercentBp(price.seller_discount_percent_bp)} · ${DISCOUNT_NAMES.effective} ${formatPercentBp(price.effective_discount_percent_bp)}`,
      );
    }
    return notes.map((text) => ({ cells: [text], is_note: true }));
  };
  for (const family of linesByFamily(input.lines)) {
    const rows = family.lines.flatMap((line) => [rowOf(line), ...notesOf(line)]);
    if (result) {
      const pricedLines = family.lines.flatMap((l) => {
        const price = hasPrice(l) ? priced.get(l.line_id) : undefined;
        return price ? [price] : [];
      });
      const sum = (pick: (l: LineResult) => number) =>
        pricedLines.reduce((total, l) => total + pick(l), 0);
      const subtotal = money(sum((l) => l.net_minor));
      const label = `Subtotal ${family.name}`;
      rows.push({
        is_total: true,
        cells: isEla
          ? [
              '',
              label,
              '',
              ...Array.from({ length: years }, (_, i) =>
                money(sum((l) => l.years[i]?.net_minor ?? 0)),
              ),
              subtotal,
            ]
          : ['', label, '', '', '', '', subtotal],
      });
    }
    blocks.push({ kind: 'heading', text: family.name }, { kind: 'table', columns, rows });
  }
  return { title: 'Products', blocks };
}

export function totalsSection(input: QuoteDocumentInput): DocumentSection | null {
  if (!input.pricing?.ok) return null;
  const { totals, currency_code: currency } = input.pricing.result;
  const money = (minor: number) => formatCurrency(minor, currency);
  const rows: DocumentRow[] = [
    { cells: ['List price total', money(totals.list_minor)] },
    ...(totals.adjustment_minor !== 0
      ? [{ cells: ['Price adjustment', money(totals.adjustment_minor)] }]
      : []),
    { cells: ['Discounts', money(-totals.discount_minor)] },
    { cells: [`Net total (${currency})`, money(totals.net_minor)], is_total: true },
  ];
  const blocks: DocumentBlock[] = [
    {
      kind: 'table',
      columns: [
        { label: 'Totals', align: 'left', width: 3 },
        { label: 'Amount', align: 'right', width: 2 },
      ],
      rows,
    },
  ];
  if (input.quote.quote_type === 'ELA') {
    blocks.push({
      kind: 'table',
      columns: [
        { label: 'Contract year', align: 'left', width: 3 },
        { label: 'List amount', align: 'right', width: 2 },
        { label: 'Net amount', align: 'right', width: 2 },
      ],
      rows: totals.per_year.map((year) => ({
        cells: [`Year ${year.year}`, money(year.list_minor), money(year.net_minor)],
      })),
    });
  }
  blocks.push({ kind: 'paragraph', text: `All amounts are in ${currency}.` });
  return { title: 'Totals', blocks };
}

export function hardwareSection(input: QuoteDocumentInput): DocumentSection | null {
  const hardware = input.lines.filter((l) => l.is_shippable && l.kind !== 'BUNDLE');
  if (hardware.length === 0) return null;
  const isEla = input.quote.quote_type === 'ELA';
  const years = contractYearsOf(input.quote.quote_type, input.quote.contract_length);
  // What ships, when it is not what is bought, under the quantity bought.
  const quantityCell = (line: DocumentLineInput, year: number) => {
    const bought = line.quantities[year] ?? 0;
    const shipped = line.manual_shipping_quantities[year] ?? bought;
    return shipped === bought
      ? formatCount(bought)
      : `${formatCount(bought)}\nships ${formatCount(shipped)}`;
  };
  return {
    title: 'Hardware',
    blocks: [
      {
        kind: 'table',
        columns: [
          { label: 'SKU', align: 'left', width: 3 },
          { label: 'Product', align: 'left', width: 5 },
          ...yearColumns(isEla, years),
        ],
        rows: hardware.map((line) => ({
          cells: [
            line.sku,
            line.name,
            ...Array.from({ length: isEla ? years : 1 }, (_, i) => quantityCell(line, i)),
          ],
        })),
      },
    ],
  };
}

/** One quantity column a contract year (ELA), or one for the quantity. */
const yearColumns = (isEla: boolean, years: number): DocumentColumn[] =>
  isEla
    ? Array.from({ length: years }, (_, i) => ({
        label: `Year ${i + 1}`,
        align: 'right' as const,
        width: 1.6,
      }))
    : [{ label: 'Quantity', align: 'right', width: 1.8 }];

export function shippingSection(
  input: QuoteDocumentInput,
  opportunity: Record<string, unknown>,
): DocumentSection | null {
  if (input.shipping.length === 0) return null;
  const isEla = input.quote.quote_type === 'ELA';
  const names = new Map(input.lines.map((l) => [l.line_id, l]));
  const country = text(opportunity.shipping_country_name);
  return {
    title: 'Shipping',
    blocks: [
      ...(country ? [{ kind: 'paragraph' as const, text: `Shipping country: ${country}` }] : []),
      {
        kind: 'table',
        columns: [
          { label: 'SKU', align: 'left', width: 3 },
          { label: 'Product', align: 'left', width: 4 },
          { label: 'Region', align: 'left', width: 2.5 },
          { label: 'Incoterm', align: 'left', width: 1.8 },
          ...yearColumns(
            isEla,
            contractYearsOf(input.quote.quote_type, input.quote.contract_length),
          ),
        ],
        rows: input.shipping.map((line) => {
          const product = names.get(line.line_id);
          return {
            cells: [
              product?.sku ?? NONE,
              product?.name ?? NONE,
              line.region,
              line.incoterm,
              ...line.quantities.map(formatCount),
            ],
          };
        }),
      },
    ],
  };
}
