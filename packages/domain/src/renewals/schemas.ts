import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';
import { namedApiSchemas } from '../api/named-schemas.ts';
import { ZRuleOutcome } from '../product-rules/schemas.ts';
import { CONTRACT_STATUSES, RENEWAL_KINDS, RENEWAL_MESSAGES } from './model.ts';

/*
 * The calls of the installed base, the renewals desk and the renewal, co-term and true-up
 * configurators (issue 18). The server validates requests and shapes answers with these; the
 * browser reads the same types.
 */

const zContractId = z.uuid({ error: 'That is not a contract id.' });
const zQuoteId = z.uuid({ error: 'That is not a quote id.' });
const zEntitlementId = z.uuid({ error: 'That is not a contract line id.' });
const zIsoDate = (label: string) =>
  z.iso.date({ error: `${label}: dates look like 2027-01-31 and must be real calendar dates.` });
const zPercentText = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,2})?$/, `${label}: a percentage such as 5 or -2.5.`)
    .refine((v) => Math.abs(Number(v)) <= 100, `${label}: between -100 and 100.`);
const zReason = z.string().trim().max(500, 'Keep the reason under 500 characters.');

export const ZRenewalKind = z.enum(RENEWAL_KINDS, {
  error: 'The kind is RENEWAL, COTERM or TRUE_UP.',
});
export const ZContractStatus = z.enum(CONTRACT_STATUSES, {
  error: 'The status is NOT_STARTED, IN_PROGRESS, RENEWED or LOST.',
});

// ── Installed base ────────────────────────────────────────────────────────────────────────────

/** One entitlement as the pages show it. `unit_net_minor` is per 12 months for ANNUAL SKUs. */
export const ZEntitlement = z.object({
  id: z.string(),
  sku: z.string(),
  sku_name: z.string(),
  billing: z.enum(['ONE_TIME', 'ANNUAL']),
  quantity: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  unit_net_minor: z.number().int(),
  currency_code: z.string(),
  /** The SKU a renewal may migrate to; null when there is none. */
  successor_sku: z.string().nullable(),
  source_quote_id: z.string().nullable(),
  source_quote_number: z.string().nullable(),
});

export const ZContractSummary = z.object({
  id: z.string(),
  contract_number: z.string(),
  account_id: z.string(),
  account_name: z.string(),
  region: z.string(),
  opportunity_id: z.string().nullable(),
  currency_code: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** Days from today to the end date; negative when it has passed (overdue). */
  days_to_end: z.number().int(),
  status: ZContractStatus,
  status_label: z.string(),
  csm_name: z.string(),
  cam_name: z.string(),
  origin: z.enum(['QUOTE', 'IMPORT', 'DEMO']),
  /**
   * Amount to be renewed: a year of what runs on the end date (ANNUAL entitlements ending on the
   * contract's end date, quantity × unit net), in the contract currency.
   */
  amount_to_renew_minor: z.number().int(),
  line_count: z.number().int(),
  /** The renewal quote in progress or that renewed the contract. */
  renewal_quote: z
    .object({
      id: z.string(),
      quote_number: z.string(),
      status_id: z.string(),
      target_path: z.string(),
    })
    .nullable(),
  lost_reason: z.string().nullable(),
});

export const ZContractDetail = ZContractSummary.extend({
  entitlements: z.array(ZEntitlement),
});

export const ZInstalledBaseBody = z.object({
  opportunity_id: z.string().trim().min(1, 'Name the opportunity.').max(64),
});

export const ZInstalledBase = z.object({
  account_id: z.string(),
  account_name: z.string(),
  /** Running and recently ended contracts of the account, by end date. */
  contracts: z.array(ZContractDetail),
});

// ── Contract import (CSV, admin kit) ─────────────────────────────────────────────────────────

/**
 * One CSV row per entitlement; rows with the same contract_number make one contract. Columns:
 * contract_number, account_id, region, opportunity_id (optional), currency_code, contract_start,
 * contract_end, sku, quantity, start_date (optional: the contract's), end_date (optional),
 * unit_net_price (major units, e.g. 1200.00, per 12 months for ANNUAL), csm_name, csm_email,
 * cam_name, cam_email (these four optional). The header is row 1; problems name their rows.
 */
export const ZImportContractsBody = z.object({
  csv: z
    .string({ error: 'Attach the CSV text.' })
    .min(1, 'The CSV is empty.')
    .max(5_000_000, 'The CSV is over 5 MB: split it.'),
  /** Check only: report what would be imported, save nothing. */
  dry_run: z.boolean().default(false),
});

export const ZImportContractsResult = z.object({
  dry_run: z.boolean(),
  contracts: z.number().int(),
  entitlements: z.number().int(),
  contract_numbers: z.array(z.string()),
});

// ── Renewals desk ─────────────────────────────────────────────────────────────────────────────

export const ZContractsFilters = {
  /** Contracts ending within this many days from today (overdue ones included unless asked). */
  ends_within_days: z.number().int().min(1).max(3650).nullable().default(null),
  include_overdue: z.boolean().default(true),
  region: z.string().trim().max(64).default(''),
  account: z.string().trim().max(100).default(''),
  csm: z.string().trim().max(100).default(''),
  cam: z.string().trim().max(100).default(''),
  status: ZContractStatus.nullable().default(null),
};

export const ZContractsBody = z.object({
  search: z.string().trim().max(100, 'The search is too long.').default(''),
  ...ZContractsFilters,
  page: z.number().int().min(1, 'Pages start at 1.').max(100_000).default(1),
  page_size: z.number().int().min(1).max(100, 'At most 100 rows a page.').default(25),
});

export const ZContractsPage = z.object({
  rows: z.array(ZContractSummary),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The choices of the filter bar, from the contracts the caller may see. */
  regions: z.array(z.string()),
  csms: z.array(z.string()),
  cams: z.array(z.string()),
  /** What the caller may do from the desk. */
  can_create_renewal: z.boolean(),
  can_create_coterm: z.boolean(),
  can_import: z.boolean(),
});

export const ZContractBody = z.object({ contract_id: zContractId });

export const ZMarkContractLostBody = z.object({
  contract_id: zContractId,
  reason: zReason.min(1, 'Say why the customer does not renew.'),
});

export const ZCreateRenewalQuoteBody = z.object({
  contract_id: zContractId,
  kind: ZRenewalKind,
});

export const ZCreatedRenewalQuote = z.object({
  id: z.string(),
  quote_number: z.string(),
  target_path: z.string(),
});

// ── Renewal, co-term and true-up configuration ────────────────────────────────────────────────

/** A line as the configurator sends it; the server takes prices and periods from the contract. */
export const ZRenewalDraftLine = z.object({
  /** The contract line renewed, extended or trued up; null for a new product. */
  entitlement_id: zEntitlementId.nullable().default(null),
  /** For a new product; for a contract line the server reads it from the line and sku_type. */
  sku: z.string().trim().max(64).default(''),
  /** RENEWAL contract lines: SAME or SUCCESSOR (spec §5: 'Please select SKU Type'). */
  sku_type: z
    .enum(['SAME', 'SUCCESSOR'], { error: RENEWAL_MESSAGES.skuTypeRequired })
    .nullable()
    .default(null),
  quantity: z.number().int().min(0, 'Quantities are 0 or more.').max(10_000_000).default(0),
  uplift_percent: zPercentText('Uplift').nullable().default(null),
  uplift_reason: zReason.nullable().default(null),
  manual_discount_percent: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Discount: a percentage such as 10 or 12.5.')
    .nullable()
    .default(null),
  /** TRUE_UP: the usage measured (the overage over the entitled quantity is quoted). */
  measured_quantity: z
    .number({ error: RENEWAL_MESSAGES.negativeUsage })
    .int(RENEWAL_MESSAGES.negativeUsage)
    .min(0, RENEWAL_MESSAGES.negativeUsage)
    .max(10_000_000)
    .nullable()
    .default(null),
});

export const ZRenewalDraft = z.object({
  /** RENEWAL: months of the new term (it starts the day after the old end). */
  contract_length: z.number().int().min(1).max(60).nullable().default(null),
  /** COTERM: the day new lines start (they end on the first contract's end). */
  term_start: zIsoDate('Start date').nullable().default(null),
  /** COTERM: the contract whose end date everything ends on, then contracts merged onto it. */
  contract_ids: z.array(zContractId).max(20).nullable().default(null),
  /** TRUE_UP: the day usage was measured. */
  measured_on: zIsoDate('Measurement date').nullable().default(null),
  lines: z.array(ZRenewalDraftLine).max(500, 'At most 500 lines.'),
  /** RENEWAL: contract lines not renewed, each with a reason. */
  drops: z
    .array(
      z.object({
        entitlement_id: zEntitlementId,
        reason: zReason.min(1, RENEWAL_MESSAGES.dropReasonRequired),
      }),
    )
    .max(500)
    .default([]),
});

export const ZRenewalConfigurationBody = z.object({ id: zQuoteId });
export const ZPriceRenewalDraftBody = z.object({ id: zQuoteId, draft: ZRenewalDraft });
export const ZSaveRenewalConfigurationBody = z.object({
  id: zQuoteId,
  version: z.number().int().min(1),
  draft: ZRenewalDraft,
  /** Move on to shipping and hardware (SH_HW_CONFIG) after saving. */
  advance: z.boolean().default(false),
});

/** A proration segment, as renewals/proration.ts makes it. */
export const ZProratedSegment = z.object({
  start: z.string(),
  end: z.string(),
  full_term_minor: z.number().int(),
  days_used: z.number().int(),
  days_in_term: z.number().int(),
  factor: z.string(),
  amount_minor: z.number().int(),
});

/** One line of the configurator, stored or priced from a draft. */
export const ZRenewalLine = z.object({
  line_id: z.string().nullable(),
  entitlement_id: z.string().nullable(),
  /** The contract this line comes from (co-term: merged contracts' lines). */
  contract_id: z.string().nullable(),
  sku: z.string(),
  sku_name: z.string(),
  billing: z.enum(['ONE_TIME', 'ANNUAL']),
  sku_type: z.enum(['SAME', 'SUCCESSOR']).nullable(),
  /** The contract line's SKU, and the successor it may migrate to. */
  source_sku: z.string().nullable(),
  successor_sku: z.string().nullable(),
  quantity: z.number().int(),
  prior_quantity: z.number().int().nullable(),
  prior_unit_net_minor: z.number().int().nullable(),
  current_unit_list_minor: z.number().int().nullable(),
  uplift_percent: z.string().nullable(),
  uplift_reason: z.string().nullable(),
  renewal_unit_minor: z.number().int().nullable(),
  manual_discount_percent: z.string().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  measured_quantity: z.number().int().nullable(),
  entitled_quantity: z.number().int().nullable(),
  net_minor: z.number().int().nullable(),
  /** How the line was prorated; empty when it was not. */
  proration: z.array(ZProratedSegment),
  /** The explanation lines a buyer can recompute ('$1,200.00 × 92 / 365 days …'). */
  explanation: z.array(z.string()),
});

export const ZRenewalProblem = z.object({ path: z.string(), message: z.string() });

export const ZRenewalPricing = z.object({
  lines: z.array(ZRenewalLine),
  list_minor: z.number().int().nullable(),
  net_minor: z.number().int().nullable(),
  /** Problems that keep the draft from being priced or saved, each at its field. */
  problems: z.array(ZRenewalProblem),
  /**
   * Issue 34: what the product rules say of the lines (keys: `line-N`, the N-th line of this
   * answer, on a draft; the line ids once stored). An error holds Next as on the configure page.
   */
  ...ZRuleOutcome,
});

/** A bar of the co-term timeline. */
export const ZTimelineBar = z.object({
  key: z.string(),
  label: z.string(),
  /** EXISTING (an entitlement), NEW (a line of this quote), EXTENDED (a merged contract's line). */
  kind: z.enum(['EXISTING', 'NEW', 'EXTENDED']),
  contract_number: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  quantity: z.number().int(),
});

export const ZRenewalConfiguration = z.object({
  quote: z.object({
    id: z.string(),
    quote_number: z.string(),
    quote_name: z.string(),
    quote_type: z.string(),
    deal_type: z.string(),
    status_id: z.string(),
    version: z.number().int(),
    currency_code: z.string(),
    account_id: z.string(),
    account_name: z.string(),
    region: z.string(),
    contract_length: z.number().int(),
    is_editable: z.boolean(),
    /** Why it cannot be changed, when it cannot. */
    read_only_reason: z.string().nullable(),
  }),
  /** Null on a co-term quote that has no contract chosen yet. */
  kind: ZRenewalKind,
  contracts: z.array(ZContractDetail),
  /** COTERM without contracts yet, or to merge more: the account's running contracts. */
  available_contracts: z.array(ZContractSummary),
  term_start: z.string().nullable(),
  term_end: z.string().nullable(),
  measured_on: z.string().nullable(),
  default_uplift_percent: z.string(),
  /** A deal-desk user must choose each renewed line's SKU type (spec §5). */
  sku_type_required: z.boolean(),
  drops: z.array(
    z.object({
      entitlement_id: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      reason: z.string(),
    }),
  ),
  pricing: ZRenewalPricing,
  timeline: z.array(ZTimelineBar),
});

export type Entitlement = z.infer<typeof ZEntitlement>;
export type ContractSummary = z.infer<typeof ZContractSummary>;
export type ContractDetail = z.infer<typeof ZContractDetail>;
export type InstalledBase = z.infer<typeof ZInstalledBase>;
export type ContractsBody = z.input<typeof ZContractsBody>;
export type ContractsPage = z.infer<typeof ZContractsPage>;
export type RenewalDraft = z.input<typeof ZRenewalDraft>;
export type RenewalDraftLine = z.input<typeof ZRenewalDraftLine>;
export type RenewalLine = z.infer<typeof ZRenewalLine>;
export type RenewalPricing = z.infer<typeof ZRenewalPricing>;
export type RenewalConfiguration = z.infer<typeof ZRenewalConfiguration>;
export type TimelineBar = z.infer<typeof ZTimelineBar>;
export type ImportContractsResult = z.infer<typeof ZImportContractsResult>;

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZRenewalConfiguration, { id: 'RenewalConfiguration' });
namedApiSchemas.add(ZRenewalPricing, { id: 'RenewalPricing' });
namedApiSchemas.add(ZContractDetail, { id: 'RenewalContract' });
namedApiSchemas.add(ZContractSummary, { id: 'RenewalContractSummary' });

/* The answers' envelopes (`{code: 200, data}`), as the routes validate them. */
export const ZContractDetailResponse = zEnvelope(ZContractDetail);
export const ZContractSummaryResponse = zEnvelope(ZContractSummary);
export const ZContractsPageResponse = zEnvelope(ZContractsPage);
export const ZImportContractsResultResponse = zEnvelope(ZImportContractsResult);
export const ZInstalledBaseResponse = zEnvelope(ZInstalledBase);
export const ZCreatedRenewalQuoteResponse = zEnvelope(ZCreatedRenewalQuote);
export const ZRenewalConfigurationResponse = zEnvelope(ZRenewalConfiguration);
export const ZRenewalPricingResponse = zEnvelope(ZRenewalPricing);
