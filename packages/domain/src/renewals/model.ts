/**
 * Renewal, co-term and true-up quotes (issue 18, docs/decisions/024): what such a quote keeps
 * besides its lines, and the words the pages and the server share.
 */

/** RENEWAL (deal type R), COTERM (is_coterm) and TRUE_UP (deal type TU). */
export const RENEWAL_KINDS = ['RENEWAL', 'COTERM', 'TRUE_UP'] as const;
export type RenewalKind = (typeof RENEWAL_KINDS)[number];

/** A contract line the renewal does not carry on, and why (churn). */
export interface DroppedEntitlement {
  entitlement_id: string;
  sku: string;
  quantity: number;
  reason: string;
}

/** Stored on the quote (quotes.renewal) of a renewal, co-term or true-up quote. */
export interface QuoteRenewal {
  kind: RenewalKind;
  /**
   * RENEWAL and TRUE_UP: the one contract. COTERM: the contract whose end date the others and
   * the new lines end on comes first, then the contracts merged onto it.
   */
  contract_ids: string[];
  /**
   * ISO dates, both days included. RENEWAL: the new term, from the day after the old end.
   * COTERM: from the day new lines start to the first contract's end. TRUE_UP: from the
   * measurement date to the contract's end.
   */
  term_start: string;
  term_end: string;
  /** The uplift every renewed line starts with, "-100"…"100" (the configured default). */
  default_uplift_percent: string;
  /** RENEWAL: contract lines not renewed. */
  drops: DroppedEntitlement[];
}

/** Contract status on the renewals desk (derived, never stored). */
export const CONTRACT_STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'RENEWED', 'LOST'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_STATUS_LABELS: Readonly<Record<ContractStatus, string>> = {
  NOT_STARTED: 'Not started',
  IN_PROGRESS: 'Quote in progress',
  RENEWED: 'Renewed',
  LOST: 'Lost',
};

/** The app setting that switches renewals and true-ups off (spec §3, §6). */
export const RENEWALS_SETTING = 'cpq_renewals_trueups';
/** The app setting holding the default renewal uplift, a percentage such as "5". */
export const RENEWAL_UPLIFT_SETTING = 'renewal_default_uplift_percent';

/** Renewals are on unless the setting says 'disabled' (as the menu reads it). */
export const renewalsEnabled = (settings: Readonly<Record<string, string>>) =>
  settings[RENEWALS_SETTING]?.trim().toLowerCase() !== 'disabled';

export const RENEWAL_MESSAGES = {
  disabled: 'Renewals and true-ups are switched off (application setting cpq_renewals_trueups).',
  skuTypeRequired: 'Please select SKU Type',
  noSuccessor: (sku: string) => `${sku} has no successor SKU in the catalogue to migrate to.`,
  dropReasonRequired: 'Give a reason for dropping this line.',
  upliftReasonRequired: 'Give a reason for an uplift other than the default.',
  negativeUsage: 'The measured usage must be a whole number of 0 or more.',
  endBeforeStart: 'The end date is before the start date.',
} as const;
