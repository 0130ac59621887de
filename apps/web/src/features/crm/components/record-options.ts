import { CRM_CURRENCIES, CRM_REGIONS, type CrmAccountKind } from '@bastion/domain/crm/schemas';
import { DEAL_TYPES } from '@bastion/domain/quotes/quote-types';
import type { SelectOption } from '@/components/form/fields.tsx';

/*
 * The choices of the built-in CRM's forms: the lists the server checks
 * (packages/domain/src/crm/schemas.ts), with the names people read.
 */

const asOptions = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));

export const REGION_OPTIONS = asOptions(CRM_REGIONS);
export const CURRENCY_OPTIONS = asOptions(CRM_CURRENCIES);

export const DEAL_TYPE_OPTIONS: SelectOption[] = DEAL_TYPES.map((type) => ({
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

export const PARTNER_TYPES: SelectOption[] = [
  { value: 'AUTHORIZED', label: 'Authorized' },
  { value: 'SELECT', label: 'Select' },
  { value: 'PREMIER', label: 'Premier' },
  { value: 'MSP', label: 'Managed service provider' },
];

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

/** A number or text as a form's text field holds it: '' for none. */
export const textOf = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
