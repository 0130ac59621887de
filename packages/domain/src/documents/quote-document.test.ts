import { describe, expect, it } from 'vitest';
import type { LineResult, PricingResult } from '../pricing/model.ts';
import { prorate } from '../renewals/proration.ts';
import {
  BUDGETARY_NOTICE,
  buildQuoteDocument,
  quoteDocumentTexts,
  quoteDocumentWords,
  type DocumentBlock,
  type DocumentLineInput,
  type QuoteDocument,
  type QuoteDocumentInput,
} from './quote-document.ts';

const line = (
  id: string,
  family: string | null,
  quantities: number[],
  extra: Partial<DocumentLineInput> = {},
): DocumentLineInput => ({
  line_id: id,
  sku: `SKU-${id}`,
  name: `Product ${id}`,
  kind: 'SUBSCRIPTION',
  family: family === null ? null : { name: family, sort_order: family === 'Firewall' ? 1 : 2 },
  parent_line_id: null,
  quantities,
  manual_shipping_quantities: quantities.map(() => null),
  is_shippable: false,
  ...extra,
});

/** A priced line: the net of year n is n × `net`. */
const priced = (id: string, years: number, net: number): LineResult => {
  const perYear = Array.from({ length: years }, (_, i) => ({
    year: i + 1,
    quantity: 1,
    months: 12,
    list_minor: net * (i + 1),
    net_minor: net * (i + 1),
    cost_minor: null,
    unit_minor: 12_345,
    volume_quantity: 0,
    waterfall: [],
  }));
  const total = perYear.reduce((sum, y) => sum + y.net_minor, 0);
  return {
    line_id: id,
    sku: `SKU-${id}`,
    name: '',
    kind: 'SUBSCRIPTION',
    unit_list_price_minor: 12_345,
    adjusted_unit_list_minor: null,
    years: perYear,
    effective_discount_percent_bp: 1_250,
    seller_discount_percent_bp: 500,
    seller_discount_minor: 0,
    is_bundle: false,
    parent_line_id: null,
    rollup: null,
    contract_price: null,
    proration: null,
    pricing_method: null,
    volume_schedule: 'RANGE',
    list_minor: total,
    adjustment_minor: 0,
    discount_minor: 0,
    net_minor: total,
    cost_minor: 99,
    margin_minor: 77,
    margin_percent_bp: 5_555,
  };
};

function input(type: 'STANDARD' | 'ELA', changes: Partial<QuoteDocumentInput> = {}) {
  const years = type === 'ELA' ? 3 : 1;
  const lines = [
    line('a', 'Support', [1, 1, 1].slice(0, years)),
    line('b', 'Firewall', [2, 3, 4].slice(0, years), { is_shippable: true, kind: 'HARDWARE' }),
    line('c', 'Firewall', [10, 10, 10].slice(0, years)),
    line('d', null, [5, 5, 5].slice(0, years)),
  ];
  const pricedLines = [
    priced('a', years, 1_000),
    priced('b', years, 250_000),
    priced('c', years, 5_000),
    priced('d', years, 1),
  ];
  const result: PricingResult = {
    currency_code: 'EUR',
    price_book: null,
    notices: [],
    years,
    lines: pricedLines,
    totals: {
      list_minor: 1_000_000,
      adjustment_minor: 0,
      discount_minor: 50_000,
      net_minor: 950_000,
      cost_minor: 1,
      margin_minor: 2,
      margin_percent_bp: 3,
      per_year: Array.from({ length: years }, (_, i) => ({
        year: i + 1,
        list_minor: 100 * (i + 1),
        net_minor: 90 * (i + 1),
      })),
    },
    net_usd_minor: 0,
  };
  return {
    quote: {
      quote_number: 'Q-2026-000042',
      quote_name: 'Acme refresh',
      version: 4,
      revision: 2,
      status_id: 'APPROVED',
      quote_type: type,
      deal_type: 'NB',
      sales_channel: 'T1',
      contract_length: type === 'ELA' ? 36 : 12,
      currency_code: 'EUR',
      price_date: '2026-03-05',
      created_at: 1_772_700_000,
      opportunity_id: '006X',
      account_name: 'Acme',
    },
    details: {
      opportunity: {
        end_customer_name: 'Acme AG',
        reseller_name: 'Partner GmbH',
        contracting_entity_name: 'Bastion Security GmbH',
        account_billing_address: {
          street: '1 Hauptstrasse',
          city: 'Berlin',
          state: '',
          postal_code: '10115',
          country: 'Germany',
        },
      },
      header: { payment_term_name: 'Net 45' },
    },
    lines,
    renewal: null,
    pricing: { ok: true, result },
    shipping: [],
    terms: [
      { title: 'Payment', text: 'Pay within 45 days.' },
      { title: 'Warranty', text: 'One year.' },
    ],
    comments: [
      { kind: 'comment', author: 'Dana', created_at: 1_772_700_000, body: 'Held until March.' },
      { kind: 'note', author: 'Dana', created_at: 1_772_700_000, body: 'Walk-away price 42.' },
    ],
    approval: null,
    ...changes,
  } satisfies QuoteDocumentInput;
}

const section = (document: QuoteDocument, title: string) =>
  document.sections.find((s) => s.title === title);
const tables = (blocks: readonly DocumentBlock[] = []) =>
  blocks.flatMap((b) => (b.kind === 'table' ? [b] : []));
const headings = (blocks: readonly DocumentBlock[] = []) =>
  blocks.flatMap((b) => (b.kind === 'heading' ? [b.text] : []));
const fact = (document: QuoteDocument, label: string) =>
  section(document, 'Quotation')
    ?.blocks.flatMap((b) => (b.kind === 'facts' ? b.facts : []))
    .find((f) => f.label === label)?.value;

describe('buildQuoteDocument', () => {
  it.each<[string, QuoteDocumentInput, string[], string[][]]>([
    [
      'STANDARD: one quantity and one net a line, grouped by family in catalogue order',
      input('STANDARD'),
      ['Firewall', 'Support', 'Other products'],
      [
        ['SKU-b', 'Product b', '2', '€123.45', '5%', '12.5%', '€2,500.00'],
        ['SKU-c', 'Product c', '10', '€123.45', '5%', '12.5%', '€50.00'],
        ['', 'Subtotal Firewall', '', '', '', '', '€2,550.00'],
      ],
    ],
    [
      'ELA: a quantity and a net for each contract year',
      input('ELA'),
      ['Firewall', 'Support', 'Other products'],
      [
        [
          'SKU-b',
          'Product b',
          '€123.45',
          '2\n€2,500.00',
          '3\n€5,000.00',
          '4\n€7,500.00',
          '€15,000.00',
        ],
        ['Seller discount 5% · Effective discount 12.5%'],
        ['SKU-c', 'Product c', '€123.45', '10\n€50.00', '10\n€100.00', '10\n€150.00', '€300.00'],
        ['Seller discount 5% · Effective discount 12.5%'],
        ['', 'Subtotal Firewall', '', '€2,550.00', '€5,100.00', '€7,650.00', '€15,300.00'],
      ],
    ],
  ])('%s', (_title, given, families, firewallRows) => {
    const products = section(buildQuoteDocument(given), 'Products')?.blocks;
    expect(headings(products)).toEqual(families);
    expect(tables(products)[0]?.rows.map((r) => r.cells)).toEqual(firewallRows);
  });

  it('explains a prorated, contract-priced line in a note row under it', () => {
    const given = input('STANDARD');
    const { pricing } = given;
    if (!pricing?.ok) throw new Error('priced');
    const trueUp = (line: LineResult): LineResult => ({
      ...line,
      contract_price: {
        prior_unit_net_minor: 100_000,
        uplift_bp: 500,
        renewal_unit_minor: 105_000,
        current_unit_list_minor: 110_000,
      },
      proration: prorate({
        fullTermMinor: 210_000,
        termMonths: 12,
        start: '2027-10-01',
        end: '2027-12-31',
      }),
    });
    const lines = pricing.result.lines.map((l) => (l.line_id === 'b' ? trueUp(l) : l));
    const document = buildQuoteDocument({
      ...given,
      pricing: { ok: true, result: { ...pricing.result, lines } },
    });
    const rows = tables(section(document, 'Products')?.blocks)[0]?.rows;
    expect(rows?.map((r) => [r.cells, r.is_note ?? false])).toEqual([
      [['SKU-b', 'Product b', '2', '€123.45', '5%', '12.5%', '€2,500.00'], false],
      [
        [
          'Contract price: prior €1,000.00 + 5.00 % uplift = €1,050.00 a unit (current list €1,100.00)',
        ],
        true,
      ],
      [['€2,100.00 × 92 / 365 days (0.252055), 01-Oct-2027 to 31-Dec-2027 = €529.32'], true],
      [['SKU-c', 'Product c', '10', '€123.45', '5%', '12.5%', '€50.00'], false],
      [['', 'Subtotal Firewall', '', '', '', '', '€2,550.00'], false],
    ]);
    // The explanation is part of the document's words, as the PDF and the DOCX print them.
    expect(quoteDocumentWords(document)).toEqual(
      expect.arrayContaining(['(0.252055),', '01-Oct-2027', '€529.32', '€1,050.00']),
    );
  });

  it('shows the unit list price typed on the configure page instead of the catalogue’s', () => {
    const given = input('STANDARD');
    const { pricing } = given;
    if (!pricing?.ok) throw new Error('priced');
    const lines = pricing.result.lines.map((l) =>
      l.line_id === 'b' ? { ...l, adjusted_unit_list_minor: 99_900 } : l,
    );
    const document = buildQuoteDocument({
      ...given,
      pricing: { ok: true, result: { ...pricing.result, lines } },
    });
    expect(tables(section(document, 'Products')?.blocks)[0]?.rows.map((r) => r.cells)).toEqual([
      ['SKU-b', 'Product b', '2', '€999.00', '5%', '12.5%', '€2,500.00'],
      ['SKU-c', 'Product c', '10', '€123.45', '5%', '12.5%', '€50.00'],
      ['', 'Subtotal Firewall', '', '', '', '', '€2,550.00'],
    ]);
  });

  it('opens the products of a renewal with what it renews and drops', () => {
    const document = buildQuoteDocument(
      input('STANDARD', {
        renewal: {
          kind: 'RENEWAL',
          contract_numbers: ['C-000123'],
          term_start: '2028-01-01',
          term_end: '2028-12-31',
          drops: [{ sku: 'SKU-x', quantity: 1_200, reason: 'Moved to the cloud service' }],
        },
      }),
    );
    const paragraphs = section(document, 'Products')?.blocks.flatMap((b) =>
      b.kind === 'paragraph' ? [b.text] : [],
    );
    expect(paragraphs).toEqual([
      'Renewal of C-000123 from 01-Jan-2028 to 31-Dec-2028',
      'Not renewed: SKU-x × 1,200 (Moved to the cloud service)',
    ]);
  });

  it.each<[string, QuoteDocumentInput, string | null, boolean]>([
    ['APPROVED', input('STANDARD'), null, false],
    [
      'BUDGETARY',
      input('STANDARD', { quote: { ...input('STANDARD').quote, status_id: 'BUDGETARY' } }),
      'BUDGETARY',
      true,
    ],
    [
      'PENDING_APPROVAL',
      input('ELA', { quote: { ...input('ELA').quote, status_id: 'PENDING_APPROVAL' } }),
      null,
      false,
    ],
  ])('watermark of a %s quote', (_status, given, watermark, hasNotice) => {
    const document = buildQuoteDocument(given);
    expect(document.watermark).toBe(watermark);
    expect(quoteDocumentTexts(document).includes(BUDGETARY_NOTICE)).toBe(hasNotice);
  });

  it.each<[string, QuoteDocumentInput, [string, string][]]>([
    [
      'STANDARD totals',
      input('STANDARD'),
      [
        ['List price total', '€10,000.00'],
        ['Discounts', '-€500.00'],
        ['Net total (EUR)', '€9,500.00'],
      ],
    ],
    [
      'prices that could not be computed leave no totals',
      input('STANDARD', { pricing: { ok: false, messages: ['SKU-a is inactive.'] } }),
      [],
    ],
  ])('%s', (_title, given, rows) => {
    const totals = section(buildQuoteDocument(given), 'Totals');
    expect(tables(totals?.blocks)[0]?.rows.map((r) => r.cells) ?? []).toEqual(rows);
  });

  it('prints comments and never internal notes', () => {
    const words = quoteDocumentWords(buildQuoteDocument(input('STANDARD'))).join(' ');
    expect(words).toContain('Held until March.');
    expect(words).not.toContain('Walk-away');
    const noComments = buildQuoteDocument(input('STANDARD', { comments: [] }));
    expect(section(noComments, 'Comments')).toBeUndefined();
  });

  it('never shows costs or margins', () => {
    const texts = quoteDocumentTexts(buildQuoteDocument(input('ELA'))).join(' ');
    expect(texts).not.toMatch(/margin|cost|55\.55/i);
  });

  it('lists the header facts, parties and clauses in order', () => {
    const document = buildQuoteDocument(input('STANDARD'));
    expect(fact(document, 'Quote number')).toBe('Q-2026-000042');
    // The customer reads the document's revision, not the quote's internal write count.
    expect(fact(document, 'Revision')).toBe('2');
    expect(fact(document, 'Version')).toBeUndefined();
    expect(fact(document, 'Quote type')).toBe('Standard');
    expect(fact(document, 'Sales channel')).toBe('Partner (tier 1)');
    expect(fact(document, 'Created')).toBe('05-Mar-2026 08:40 AM UTC');
    expect(fact(document, 'Price date')).toBe('05-Mar-2026');
    expect(fact(document, 'Valid until')).toBe('04-Apr-2026');
    expect(fact(document, 'Payment term')).toBe('Net 45');
    expect(fact(document, 'Contracting entity')).toBe('Bastion Security GmbH');
    const parties = section(document, 'Parties')?.blocks[0];
    expect(parties?.kind === 'columns' ? parties.columns : []).toEqual([
      {
        title: 'Customer',
        lines: ['Acme AG', 'Billing address:', '1 Hauptstrasse', 'Berlin, 10115', 'Germany'],
      },
      { title: 'Partner', lines: ['Partner GmbH'] },
    ]);
    const clauses = section(document, 'Terms and conditions')?.blocks ?? [];
    expect(clauses.map((c) => (c.kind === 'clause' ? `${c.number} ${c.title}` : ''))).toEqual([
      '1. Payment',
      '2. Warranty',
    ]);
    expect(document.footer).toBe('Bastion Security GmbH · Quotation Q-2026-000042 · Revision 2');
  });

  it('tells the approval status and its steps', () => {
    const document = buildQuoteDocument(
      input('STANDARD', {
        approval: {
          submission_number: 2,
          state: 'APPROVED',
          submitted_at: 1_772_700_000,
          closed_at: 1_772_703_600,
          steps: [
            {
              stage: 1,
              stage_name: 'Desk review',
              group_name: 'Deal desk',
              state: 'APPROVED',
              decided_at: 1_772_703_600,
            },
          ],
        },
      }),
    );
    const approval = section(document, 'Approval');
    expect(approval?.blocks[0]).toEqual({
      kind: 'facts',
      facts: [
        { label: 'Quote status', value: 'Approved' },
        { label: 'Submission', value: '2: Approved' },
        { label: 'Submitted', value: '05-Mar-2026 08:40 AM UTC' },
        { label: 'Decided', value: '05-Mar-2026 09:40 AM UTC' },
      ],
    });
    expect(tables(approval?.blocks)[0]?.rows[0]?.cells).toEqual([
      'Desk review',
      'Deal desk',
      'Approved',
      '05-Mar-2026 09:40 AM UTC',
    ]);
  });
});
