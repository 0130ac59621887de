/**
 * What an approval is bound to (issue 7): the facts an approver judged. When any of them
 * changes, the quote's approvals are void. The server hashes this text; the domain only decides
 * what goes in and makes it independent of line order and key order.
 */

export interface FingerprintLine {
  sku: string;
  /** y1..y5; STANDARD quotes use y1 only. */
  quantities: readonly number[];
  manual_discount_percent: string;
  /** The line's net total in minor units, after every adjustment. */
  net_minor: number;
}

export interface FingerprintTerm {
  /** Null for a custom clause. */
  clause_id: string | null;
  title: string;
  body: string;
}

export interface FingerprintInput {
  quote_type: string;
  deal_type: string;
  contract_length: number;
  currency_code: string;
  price_date: string;
  sales_channel: string;
  partner_type: string | null;
  partner_account_id: string | null;
  payment_term_days: number | null;
  total_minor: number;
  lines: readonly FingerprintLine[];
  terms: readonly FingerprintTerm[];
  secure_access: unknown;
}

/** JSON with keys sorted at every level: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
    .join(',')}}`;
}

export function approvalFingerprintSource(input: FingerprintInput): string {
  const lines = input.lines
    .map((line) => ({
      ...line,
      quantities: [0, 1, 2, 3, 4].map((i) => line.quantities[i] ?? 0),
      manual_discount_percent: Number(line.manual_discount_percent || '0').toFixed(2),
    }))
    .map((line) => canonicalJson(line))
    .sort();
  // The order of the terms is part of the document the customer signs; it stays.
  return canonicalJson({ ...input, lines, terms: input.terms.map((t) => ({ ...t })) });
}
