import type { PricingResult } from '../pricing/model.ts';
import type { RenewalOverview } from '../renewals/explanations.ts';

/**
 * The customer's document of a quote (issue 17, spec §2 print, §9 formats): one model, already
 * worded and formatted, that the PDF and the DOCX renderers only lay out, so both carry the same
 * words and numbers. Nothing here is internal: margins, costs and notes never enter it.
 */

/** A quotation is an offer for this many days after its price date (docs/decisions/022). */
export const QUOTE_VALIDITY_DAYS = 30;
export const BUDGETARY_WATERMARK = 'BUDGETARY';
export const BUDGETARY_NOTICE =
  'Budgetary quotation: for planning only. It is not an offer and cannot be accepted.';

// ---------------------------------------------------------------------------------------------
// What the document is built from

export interface DocumentLineInput {
  line_id: string;
  sku: string;
  name: string;
  kind: string;
  family: { name: string; sort_order: number } | null;
  parent_line_id: string | null;
  /** One per contract year (STANDARD: one). */
  quantities: number[];
  /** Null: ship what is bought. */
  manual_shipping_quantities: (number | null)[];
  is_shippable: boolean;
}

export interface DocumentShippingInput {
  line_id: string;
  region: string;
  incoterm: string;
  /** STANDARD: the quantity; ELA: one per contract year. */
  quantities: number[];
}

export interface DocumentCommentInput {
  kind: 'comment' | 'note';
  author: string;
  /** Epoch seconds. */
  created_at: number;
  body: string;
}

export interface DocumentApprovalInput {
  submission_number: number;
  state: string;
  submitted_at: number;
  closed_at: number | null;
  steps: {
    stage: number;
    stage_name: string;
    group_name: string;
    state: string;
    decided_at: number | null;
  }[];
}

export interface QuoteDocumentInput {
  quote: {
    quote_number: string;
    quote_name: string;
    version: number;
    /**
     * What the customer reads as the document's revision (issue 33: "Version 7" on the first
     * document): 1 for the first version of the quote a document was made of, 2 for the next…
     */
    revision: number;
    status_id: string;
    quote_type: string;
    deal_type: string;
    sales_channel: string;
    contract_length: number;
    currency_code: string;
    /** ISO date. */
    price_date: string;
    /** Epoch seconds. */
    created_at: number;
    opportunity_id: string | null;
    account_name: string;
  };
  /** quote.details: the opportunity copy and the header form's answers. */
  details: Record<string, unknown>;
  lines: DocumentLineInput[];
  /** A renewal, co-term or true-up quote: what it renews and drops (issue 18); else null. */
  renewal: RenewalOverview | null;
  /** Null for a legacy quote (never priced); `messages` when its prices cannot be computed. */
  pricing: { ok: true; result: PricingResult } | { ok: false; messages: string[] } | null;
  shipping: DocumentShippingInput[];
  terms: { title: string; text: string }[];
  comments: DocumentCommentInput[];
  approval: DocumentApprovalInput | null;
  time_zone?: string;
}

// ---------------------------------------------------------------------------------------------
// The document

export interface DocumentColumn {
  label: string;
  align: 'left' | 'right';
  /** Relative width. */
  width: number;
}

export interface DocumentRow {
  /** A cell's lines are separated by '\n'. A note row has one cell. */
  cells: string[];
  is_total?: boolean;
  /**
   * A sentence under the line above it, its one cell spanning the table: how a prorated or
   * contract-priced line was worked out (renewals/explanations.ts).
   */
  is_note?: boolean;
}

export type DocumentBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string; is_notice?: boolean }
  | { kind: 'facts'; facts: { label: string; value: string }[] }
  | { kind: 'columns'; columns: { title: string; lines: string[] }[] }
  | { kind: 'table'; columns: DocumentColumn[]; rows: DocumentRow[] }
  | { kind: 'clause'; number: string; title: string; text: string };

export interface DocumentSection {
  title: string;
  blocks: DocumentBlock[];
}

export interface QuoteDocument {
  /** File metadata: 'Quotation Q-2026-000123'. */
  title: string;
  letterhead: { issuer: string; title: string; lines: string[] };
  watermark: string | null;
  sections: DocumentSection[];
  /** Printed at the foot of every page, before 'Page n of m'. */
  footer: string;
}
