/** Quote types, statuses and deal types (spec §1, §3, §4). */

export const QUOTE_TYPES = ['STANDARD', 'ELA', 'LEGACY'] as const;
export type QuoteType = (typeof QUOTE_TYPES)[number];

/** The working states of a quote, in screen-flow order where the spec gives one. */
export const QUOTE_STATUSES = [
  'INCOMPLETE',
  'SH_HW_CONFIG',
  'TNC',
  'PENDING_APPROVAL',
  'BUDGETARY',
  'REJECTED',
  'APPROVED',
  'ACCEPTED',
  'COMPLETED',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/**
 * An archived quote holds this in `status_id` and its former state in `pre_archive_status_id`.
 * It is not a working state (nothing is done to a quote while archived), hence kept apart.
 */
export const ARCHIVED_STATUS = 'ARCHIVED';
/** What a quote's `status_id` may hold. */
export type QuoteStatusId = QuoteStatus | typeof ARCHIVED_STATUS;

// Codes come from the database and the CRM; trimming and upper-casing costs nothing and spares
// a quote that was stored as 'approved ' from falling through to the fallback screen.
const normalizeCode = (value: string) => value.trim().toUpperCase();

export function parseQuoteType(value: string | null | undefined): QuoteType | null {
  if (value == null) return null;
  const code = normalizeCode(value);
  return QUOTE_TYPES.find((type) => type === code) ?? null;
}

export function parseQuoteStatus(value: string | null | undefined): QuoteStatus | null {
  if (value == null) return null;
  const code = normalizeCode(value);
  return QUOTE_STATUSES.find((status) => status === code) ?? null;
}

export const isArchivedStatus = (value: string | null | undefined) =>
  value != null && normalizeCode(value) === ARCHIVED_STATUS;

/** Deal types with their codes (spec §4), in the spec's order. */
export const DEAL_TYPES = [
  { code: 'NB', name: 'New Business' },
  { code: 'U', name: 'Upsell' },
  { code: 'R', name: 'Renewal' },
  { code: 'TU', name: 'True-up' },
  { code: 'S', name: 'Subscription' },
  { code: 'E', name: 'Existing Business' },
  { code: 'C', name: 'Cross-Sell' },
] as const;
export type DealType = (typeof DEAL_TYPES)[number];
export type DealTypeCode = DealType['code'];
export type DealTypeName = DealType['name'];

export const DEAL_TYPE_CODES = DEAL_TYPES.map((type) => type.code);

// Names arrive typed by people ('True up', 'cross sell', 'NEW-BUSINESS'): compare letters only.
const lettersOnly = (value: string) => value.toLowerCase().replace(/[^a-z]/g, '');

function findDealType(codeOrName: string | null | undefined): DealType | null {
  if (codeOrName == null) return null;
  const code = normalizeCode(codeOrName);
  const byCode = DEAL_TYPES.find((type) => type.code === code);
  if (byCode) return byCode;
  const letters = lettersOnly(codeOrName);
  if (letters === '') return null;
  return DEAL_TYPES.find((type) => lettersOnly(type.name) === letters) ?? null;
}

export const isDealTypeCode = (value: string): value is DealTypeCode =>
  DEAL_TYPES.some((type) => type.code === value);

/** The display name of a deal type given its code (or already its name); null when unknown. */
export const dealTypeName = (codeOrName: string | null | undefined): DealTypeName | null =>
  findDealType(codeOrName)?.name ?? null;

/** The code of a deal type given its name (or already its code); null when unknown. */
export const dealTypeCode = (nameOrCode: string | null | undefined): DealTypeCode | null =>
  findDealType(nameOrCode)?.code ?? null;
