import { formatDateTime } from '../format/date-time.ts';
import { formatContractStartDate } from '../quotes/contract-dates.ts';
import { quoteTypeLabel, salesChannelLabel } from '../quotes/labels.ts';
import { dealTypeName } from '../quotes/quote-types.ts';
import { quoteStatusLabel } from '../quotes/status-display.ts';
import { addDays, addressLines, record, text } from './document-values.ts';
import {
  hardwareSection,
  productsSection,
  shippingSection,
  totalsSection,
} from './quote-document-lines.ts';
import {
  BUDGETARY_NOTICE,
  BUDGETARY_WATERMARK,
  QUOTE_VALIDITY_DAYS,
  type DocumentBlock,
  type DocumentSection,
  type QuoteDocument,
  type QuoteDocumentInput,
} from './quote-document-model.ts';

export * from './quote-document-model.ts';
export { contractYearsOf, formatCount } from './document-values.ts';

/**
 * The customer's document of a quote (issue 17, spec §2 print, §9 formats): one model, already
 * worded and formatted, that the PDF and the DOCX renderers only lay out, so both carry the same
 * words and numbers. Nothing here is internal: margins, costs and notes never enter it.
 */

// ---------------------------------------------------------------------------------------------
// Building it

/** The document of a quote: pure, the same document for the same input. */
export function buildQuoteDocument(input: QuoteDocumentInput): QuoteDocument {
  const { quote } = input;
  const opportunity = record(input.details.opportunity);
  const header = record(input.details.header);
  const issuer = text(opportunity.contracting_entity_name) ?? 'Bastion Security';
  const isBudgetary = quote.status_id === 'BUDGETARY';
  const priceDate = formatContractStartDate(quote.price_date) ?? quote.price_date;
  const title = `Quotation ${quote.quote_number}`;
  return {
    title,
    letterhead: {
      issuer,
      title,
      lines: [quote.quote_name, `Revision ${quote.revision} · Prices as of ${priceDate}`],
    },
    watermark: isBudgetary ? BUDGETARY_WATERMARK : null,
    sections: [
      quoteSection(input, opportunity, header, isBudgetary),
      partiesSection(input, opportunity),
      productsSection(input),
      ...optional(totalsSection(input)),
      ...optional(hardwareSection(input)),
      ...optional(shippingSection(input, opportunity)),
      ...optional(termsSection(input)),
      ...optional(commentsSection(input)),
      approvalSection(input),
    ],
    footer: `${issuer} · ${title} · Revision ${quote.revision}`,
  };
}

const optional = (section: DocumentSection | null) => (section ? [section] : []);

function quoteSection(
  input: QuoteDocumentInput,
  opportunity: Record<string, unknown>,
  header: Record<string, unknown>,
  isBudgetary: boolean,
): DocumentSection {
  const { quote } = input;
  const start =
    formatContractStartDate(text(header.contract_start_date)) ??
    text(opportunity.contract_start_date);
  const end = formatContractStartDate(text(header.contract_end_date));
  const validUntil = addDays(quote.price_date, QUOTE_VALIDITY_DAYS);
  const facts: [string, string | null][] = [
    ['Quote number', quote.quote_number],
    ['Revision', String(quote.revision)],
    ['Quote name', quote.quote_name],
    ['Status', quoteStatusLabel(quote.status_id)],
    ['Created', formatDateTime(quote.created_at, input.time_zone)],
    ['Price date', formatContractStartDate(quote.price_date) ?? quote.price_date],
    ['Valid until', validUntil ? formatContractStartDate(validUntil) : null],
    ['Quote type', quoteTypeLabel(quote.quote_type)],
    ['Deal type', dealTypeName(quote.deal_type) ?? quote.deal_type],
    ['Sales channel', salesChannelLabel(quote.sales_channel)],
    ['Opportunity', text(opportunity.opportunity_name) ?? quote.opportunity_id],
    ['Contract', `${quote.contract_length} months`],
    ['Contract dates', start ? `${start}${end ? ` to ${end}` : ''}` : null],
    ['Currency', quote.currency_code],
    // Issue 35: the price book the quote is priced from; none named: the standard list.
    ['Price book', input.pricing?.ok ? (input.pricing.result.price_book?.name ?? null) : null],
    ['Payment term', text(header.payment_term_name) ?? text(opportunity.payment_term_name)],
    ['Contracting entity', text(opportunity.contracting_entity_name)],
    ['SLA', text(opportunity.sla_name) ?? text(header.sla)],
  ];
  return {
    title: 'Quotation',
    blocks: [
      ...(isBudgetary
        ? [{ kind: 'paragraph' as const, text: BUDGETARY_NOTICE, is_notice: true }]
        : []),
      {
        kind: 'facts',
        facts: facts.flatMap(([label, value]) => (value ? [{ label, value }] : [])),
      },
    ],
  };
}

function partiesSection(
  input: QuoteDocumentInput,
  opportunity: Record<string, unknown>,
): DocumentSection {
  const party = (
    role: string,
    name: string | null,
    legal: string | null,
    prefix: 'account' | 'partner' | 'distributor',
  ) => {
    if (!name) return [];
    const billing = addressLines(opportunity[`${prefix}_billing_address`]);
    const shipping = addressLines(opportunity[`${prefix}_shipping_address`]);
    return [
      {
        title: role,
        lines: [
          name,
          ...(legal && legal !== name ? [legal] : []),
          ...(billing.length > 0 ? ['Billing address:', ...billing] : []),
          ...(shipping.length > 0 ? ['Shipping address:', ...shipping] : []),
        ],
      },
    ];
  };
  const customer = text(opportunity.end_customer_name) ?? text(input.quote.account_name);
  return {
    title: 'Parties',
    blocks: [
      {
        kind: 'columns',
        columns: [
          ...party('Customer', customer, text(opportunity.account_legal_entity_name), 'account'),
          ...party(
            'Partner',
            text(opportunity.reseller_name),
            text(opportunity.partner_legal_entity_name),
            'partner',
          ),
          ...party(
            'Distributor',
            text(opportunity.distributor_name),
            text(opportunity.distributor_legal_entity_name),
            'distributor',
          ),
        ],
      },
    ],
  };
}

function termsSection(input: QuoteDocumentInput): DocumentSection | null {
  if (input.terms.length === 0) return null;
  return {
    title: 'Terms and conditions',
    blocks: input.terms.map((term, i) => ({
      kind: 'clause',
      number: `${i + 1}.`,
      title: term.title,
      text: term.text,
    })),
  };
}

/** Comments may be printed; internal notes never reach a customer's document. */
function commentsSection(input: QuoteDocumentInput): DocumentSection | null {
  const comments = input.comments.filter((c) => c.kind === 'comment');
  if (comments.length === 0) return null;
  return {
    title: 'Comments',
    blocks: [
      {
        kind: 'table',
        columns: [
          { label: 'Date', align: 'left', width: 3 },
          { label: 'From', align: 'left', width: 2.5 },
          { label: 'Comment', align: 'left', width: 8 },
        ],
        rows: comments.map((c) => ({
          cells: [formatDateTime(c.created_at, input.time_zone), c.author, c.body],
        })),
      },
    ],
  };
}

const STATE_LABELS: Record<string, string> = {
  PENDING: 'Pending',
  AWAITED: 'Awaited',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  RECALLED: 'Recalled',
  VOIDED: 'Voided',
};
const stateLabel = (state: string) => STATE_LABELS[state] ?? state;

function approvalSection(input: QuoteDocumentInput): DocumentSection {
  const status = quoteStatusLabel(input.quote.status_id);
  const approval = input.approval;
  if (!approval) {
    return {
      title: 'Approval',
      blocks: [
        { kind: 'facts', facts: [{ label: 'Quote status', value: status }] },
        { kind: 'paragraph', text: 'This quote has not been submitted for approval.' },
      ],
    };
  }
  const when = (epoch: number | null) =>
    epoch === null ? '' : formatDateTime(epoch, input.time_zone);
  const facts = [
    { label: 'Quote status', value: status },
    { label: 'Submission', value: `${approval.submission_number}: ${stateLabel(approval.state)}` },
    { label: 'Submitted', value: when(approval.submitted_at) },
    ...(approval.closed_at === null ? [] : [{ label: 'Decided', value: when(approval.closed_at) }]),
  ];
  const blocks: DocumentBlock[] = [{ kind: 'facts', facts }];
  if (approval.steps.length > 0) {
    blocks.push({
      kind: 'table',
      columns: [
        { label: 'Stage', align: 'left', width: 3 },
        { label: 'Approval group', align: 'left', width: 4 },
        { label: 'Decision', align: 'left', width: 2 },
        { label: 'Decided', align: 'left', width: 3.5 },
      ],
      rows: approval.steps.map((step) => ({
        cells: [step.stage_name, step.group_name, stateLabel(step.state), when(step.decided_at)],
      })),
    });
  }
  return { title: 'Approval', blocks };
}

// ---------------------------------------------------------------------------------------------
// Its words

/** Every text of the document in reading order (the running footer and watermark aside). */
export function quoteDocumentTexts(document: QuoteDocument): string[] {
  const texts = [
    document.letterhead.issuer,
    document.letterhead.title,
    ...document.letterhead.lines,
  ];
  for (const section of document.sections) {
    texts.push(section.title);
    for (const block of section.blocks) texts.push(...blockTexts(block));
  }
  return texts.filter((t) => t !== '');
}

function blockTexts(block: DocumentBlock): string[] {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return [block.text];
    case 'facts':
      return block.facts.flatMap((f) => [f.label, f.value]);
    case 'columns':
      return block.columns.flatMap((c) => [c.title, ...c.lines]);
    case 'table':
      return [...block.columns.map((c) => c.label), ...block.rows.flatMap((r) => r.cells)];
    case 'clause':
      return [`${block.number} ${block.title}`, block.text];
  }
}

/** The document's words in reading order: its texts split at white space. */
export function quoteDocumentWords(document: QuoteDocument): string[] {
  return quoteDocumentTexts(document).flatMap((t) => t.split(/\s+/u).filter((w) => w !== ''));
}
