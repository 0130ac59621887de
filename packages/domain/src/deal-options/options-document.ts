import type { DocumentRow, QuoteDocument } from '../documents/quote-document-model.ts';
import { formatCount } from '../documents/document-values.ts';
import { formatCurrency } from '../format/currency.ts';
import type { RevisionSnapshot } from '../revisions/snapshot.ts';

/*
 * Issue 37 (part 2, decision 043): one document presenting a deal's options together — an
 * overview of each option's net, then each option's lines — in the quote document's model, so
 * the PDF and Word renderers lay it out as they do a quotation. Only what the customer reads:
 * no discount, margin, approval or primary mark.
 */

export interface OptionsDocumentInput {
  issuer: string;
  customer: string;
  opportunity_name: string;
  options: {
    /** "Better (Q-2026-000042)", or the quote number of an unnamed option. */
    label: string;
    quote_number: string;
    quote_name: string;
    snapshot: RevisionSnapshot;
  }[];
}

const quantitiesText = (quantities: readonly number[]) =>
  quantities.length > 1
    ? quantities.map((q, i) => `Y${i + 1}: ${formatCount(q)}`).join(' · ')
    : formatCount(quantities[0] ?? 0);

/** The document of a deal's options: pure, the same document for the same input. */
export function buildOptionsDocument(input: OptionsDocumentInput): QuoteDocument {
  const title = `Options for ${input.opportunity_name}`;
  const money = (minor: number | null | undefined, currency: string) =>
    minor === null || minor === undefined ? 'Not priced' : formatCurrency(minor, currency);
  const overview: DocumentRow[] = input.options.map((option) => ({
    cells: [
      option.label,
      option.quote_name,
      formatCount(option.snapshot.lines.length),
      money(option.snapshot.totals?.net_minor, option.snapshot.currency_code),
    ],
  }));
  return {
    title,
    letterhead: {
      issuer: input.issuer,
      title: 'Your options',
      lines: [input.customer, input.opportunity_name],
    },
    watermark: null,
    sections: [
      {
        title: 'The options side by side',
        blocks: [
          {
            kind: 'paragraph',
            text: `${formatCount(input.options.length)} options for ${input.opportunity_name}. Each is a quotation of its own: the one you choose is the one to accept.`,
          },
          {
            kind: 'table',
            columns: [
              { label: 'Option', align: 'left', width: 3 },
              { label: 'Quotation', align: 'left', width: 4 },
              { label: 'Products', align: 'right', width: 1.5 },
              { label: 'Net', align: 'right', width: 2 },
            ],
            rows: overview,
          },
        ],
      },
      ...input.options.map((option) => {
        const currency = option.snapshot.currency_code;
        const totals = option.snapshot.totals;
        return {
          title: option.label,
          blocks: [
            { kind: 'paragraph' as const, text: `${option.quote_name} · ${option.quote_number}` },
            ...(totals === null && option.snapshot.lines.length > 0
              ? [
                  {
                    kind: 'paragraph' as const,
                    text: `This option could not be priced: ${option.snapshot.pricing_problems.join(' ')}`,
                    is_notice: true,
                  },
                ]
              : []),
            {
              kind: 'table' as const,
              columns: [
                { label: 'Product', align: 'left' as const, width: 6 },
                { label: 'Quantity', align: 'right' as const, width: 2 },
                { label: 'Net', align: 'right' as const, width: 2 },
              ],
              rows: [
                ...option.snapshot.lines.map((line) => ({
                  cells: [
                    `${line.name}\n${line.sku}${line.parent_sku ? ` · in ${line.parent_sku}` : ''}`,
                    quantitiesText(line.quantities),
                    money(line.net_minor, currency),
                  ],
                })),
                { cells: ['Net total', '', money(totals?.net_minor, currency)], is_total: true },
              ],
            },
          ],
        };
      }),
    ],
    footer: `${input.issuer} · ${title}`,
  };
}
