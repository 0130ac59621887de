import { DEAL_TYPES } from '@bastion/domain/quotes/quote-types';
import type { CrmAccountKind } from '../api/crm-accounts.ts';

/*
 * The choices of the built-in CRM's forms. The server checks the same lists
 * (apps/server/src/features/crm/crm.schemas.ts); these only make them pickable.
 */

export const REGIONS = ['EMEA', 'North America', 'Americas', 'LATAM', 'APJ'] as const;
export const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;

export const DEAL_TYPE_OPTIONS = DEAL_TYPES.map((type) => ({
  value: type.code,
  label: `${type.name} (${type.code})`,
}));

export const ACCOUNT_KINDS: readonly { value: CrmAccountKind; label: string }[] = [
  { value: 'CUSTOMER', label: 'Customer' },
  { value: 'PARTNER', label: 'Partner' },
  { value: 'DISTRIBUTOR', label: 'Distributor' },
];

export const accountKindLabel = (kind: CrmAccountKind) =>
  ACCOUNT_KINDS.find((k) => k.value === kind)?.label ?? kind;

export const PARTNER_TYPES = [
  { value: 'AUTHORIZED', label: 'Authorized' },
  { value: 'SELECT', label: 'Select' },
  { value: 'PREMIER', label: 'Premier' },
  { value: 'MSP', label: 'Managed service provider' },
] as const;

/** Suggestions only: the CRM's stages and SLAs are free text. */
export const STAGE_SUGGESTIONS = [
  'Qualification',
  'Discovery',
  'Solution Proposed',
  'Proposal',
  'Negotiation',
  'Commit',
  'Closed Won',
  'Closed Lost',
];
export const SLA_SUGGESTIONS = ['24/7', '12/5', '8/5'];
