import type { SalesChannel } from './sales-channel.ts';

/** Defaults a quote takes from its opportunity (spec §9). */

/**
 * The three contracting entities, by key; their names and ids are data (they change with
 * company law), the rule that picks one is not.
 */
export const CONTRACTING_ENTITY_KEYS = ['GMBH', 'INC', 'LTD'] as const;
export type ContractingEntityKey = (typeof CONTRACTING_ENTITY_KEYS)[number];

// Keys are the region with everything but letters removed, upper-cased, so 'North America',
// 'north-america' and 'NORTH_AMERICA' meet. APAC and 'Latin America' are the common spellings
// of APJ and LATAM in CRM data.
const ENTITY_BY_REGION_KEY: Readonly<Record<string, ContractingEntityKey>> = {
  EMEA: 'GMBH',
  NA: 'INC',
  NORTHAMERICA: 'INC',
  AMER: 'INC',
  AMERICAS: 'INC',
  LATAM: 'LTD',
  LATINAMERICA: 'LTD',
  APJ: 'LTD',
  APAC: 'LTD',
};

/** The contracting entity for an opportunity region; null when the region is not one we know. */
export function defaultContractingEntity(
  region: string | null | undefined,
): ContractingEntityKey | null {
  if (region == null) return null;
  const key = region.toUpperCase().replace(/[^A-Z]/g, '');
  return Object.hasOwn(ENTITY_BY_REGION_KEY, key) ? (ENTITY_BY_REGION_KEY[key] ?? null) : null;
}

/** Where the chosen payment term came from, so the form can say why it shows that term. */
export type PaymentTermSource =
  'opportunity' | 'partner_quote' | 'direct_account' | 'partner' | 'distributor';

/**
 * The payment terms on offer. A term is whatever the caller stores (an id, a name, days or a
 * record); null, undefined and blank strings mean "none set". Zero days is a term (due on
 * receipt), so numbers count when finite.
 */
export interface PaymentTermCandidates<Term> {
  opportunity?: Term | null;
  partnerQuote?: Term | null;
  directAccount?: Term | null;
  partner?: Term | null;
  distributor?: Term | null;
}

export interface ChosenPaymentTerm<Term> {
  term: Term;
  source: PaymentTermSource;
}

const isTermSet = (term: unknown): boolean => {
  if (term == null) return false;
  if (typeof term === 'string') return term.trim() !== '';
  if (typeof term === 'number') return Number.isFinite(term);
  return true;
};

/** The account whose standing term applies when nothing more specific is set. */
const ACCOUNT_SOURCE_BY_CHANNEL = {
  DIRECT: 'directAccount',
  T1: 'partner',
  T2: 'distributor',
} as const satisfies Record<SalesChannel, keyof PaymentTermCandidates<unknown>>;

const SOURCE_NAME = {
  opportunity: 'opportunity',
  partnerQuote: 'partner_quote',
  directAccount: 'direct_account',
  partner: 'partner',
  distributor: 'distributor',
} as const satisfies Record<keyof PaymentTermCandidates<unknown>, PaymentTermSource>;

/**
 * Payment term precedence: the opportunity's own term, then the partner quote's term, then the
 * standing term of the account that is billed on this channel (the customer when direct, the
 * partner on T1, the distributor on T2). Another channel's account term never applies: it is
 * not the party that pays. Null when none of these is set.
 */
export function defaultPaymentTerm<Term>(
  channel: SalesChannel,
  candidates: PaymentTermCandidates<Term>,
): ChosenPaymentTerm<Term> | null {
  const order = ['opportunity', 'partnerQuote', ACCOUNT_SOURCE_BY_CHANNEL[channel]] as const;
  for (const key of order) {
    const term = candidates[key];
    if (term != null && isTermSet(term)) return { term, source: SOURCE_NAME[key] };
  }
  return null;
}

/** The SLA a quote gets when the opportunity's SLA is not one we offer. */
export const DEFAULT_SLA = '24/7';

/**
 * The opportunity's SLA when it is one of the known SLAs (compared trimmed and case-insensitive,
 * returned as the list spells it), otherwise the default '24/7'.
 */
export function defaultSla(
  opportunitySla: string | null | undefined,
  knownSlas: readonly string[],
): string {
  const wanted = opportunitySla?.trim().toLowerCase();
  if (!wanted) return DEFAULT_SLA;
  const known = knownSlas.find((sla) => sla.trim().toLowerCase() === wanted);
  return known?.trim() ?? DEFAULT_SLA;
}
