import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { textRef, timestamptz, updatedAt } from './columns.ts';

/**
 * The CRM's records as Bastion keeps them: the source of truth for the embedded CRM, a synced
 * copy of Salesforce otherwise (docs/decisions/008). Ids are the CRM's own.
 */

/** The parts of a postal address: column key suffix and SQL column suffix. */
const ADDRESS_PARTS = {
  Street: 'street',
  City: 'city',
  State: 'state',
  PostalCode: 'postal_code',
  Country: 'country',
} as const;

const blankText = (name: string) => text(name).notNull().default('');

/** An address as the CRM holds it, blank where it has none: `billingCity` is `billing_city`. */
function postalAddress<P extends string>(prefix: P) {
  return Object.fromEntries(
    Object.entries(ADDRESS_PARTS).map(([key, column]) => [
      `${prefix}${key}`,
      blankText(`${prefix}_${column}`),
    ]),
  ) as { [K in keyof typeof ADDRESS_PARTS as `${P}${K}`]: ReturnType<typeof blankText> };
}

export const crmAccounts = pgTable(
  'crm_accounts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** CUSTOMER, PARTNER or DISTRIBUTOR. */
    kind: text('kind', { enum: ['CUSTOMER', 'PARTNER', 'DISTRIBUTOR'] }).notNull(),
    region: text('region').notNull().default(''),
    country: text('country').notNull().default(''),
    ...postalAddress('billing'),
    ...postalAddress('shipping'),
    paymentTermDays: integer('payment_term_days'),
    paymentTermName: text('payment_term_name'),
    partnerType: text('partner_type'),
    isPublicSector: boolean('is_public_sector').notNull().default(false),
    /** The CRM's industry, e.g. Healthcare (app setting remove_ela_healthcare). */
    industry: text('industry').notNull().default(''),
    /**
     * Issue 35: the CRM's customer segment (e.g. Public sector, Education); price books match on
     * it. Empty: none given.
     */
    segment: text('segment').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('crm_accounts_kind_name_idx').on(t.kind, t.name),
    // Global search (issue 19): misspelt account and partner names.
    index('crm_accounts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const crmContacts = pgTable(
  'crm_contacts',
  {
    id: text('id').primaryKey(),
    accountId: textRef('account_id', () => crmAccounts.id, 'cascade'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    title: text('title').notNull().default(''),
  },
  (t) => [index('crm_contacts_account_idx').on(t.accountId)],
);

export const crmOpportunities = pgTable(
  'crm_opportunities',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    accountId: textRef('account_id', () => crmAccounts.id),
    partnerAccountId: text('partner_account_id').references(() => crmAccounts.id),
    partnerContactId: text('partner_contact_id').references(() => crmContacts.id),
    distributorAccountId: text('distributor_account_id').references(() => crmAccounts.id),
    /** EMEA, North America, Americas, LATAM, APJ. */
    region: text('region').notNull(),
    salesCountry: text('sales_country').notNull().default(''),
    isNamedAccount: boolean('is_named_account').notNull().default(false),
    stage: text('stage').notNull().default(''),
    /** NB, U, R, TU, S, E, C (spec §4). */
    dealType: text('deal_type').notNull(),
    currencyCode: text('currency_code').notNull().default('USD'),
    /** Minor units of currencyCode. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull().default(0),
    amountToBeRenewedMinor: bigint('amount_to_be_renewed_minor', { mode: 'number' }),
    closeDate: date('close_date'),
    contractStartDate: date('contract_start_date'),
    contractSignDate: date('contract_sign_date'),
    agreementName: text('agreement_name').notNull().default(''),
    paymentTermDays: integer('payment_term_days'),
    paymentTermName: text('payment_term_name'),
    partnerPaymentTermDays: integer('partner_payment_term_days'),
    partnerPaymentTermName: text('partner_payment_term_name'),
    sla: text('sla').notNull().default(''),
    isRegisteredDeal: boolean('is_registered_deal').notNull().default(false),
    dealReg: text('deal_reg').notNull().default(''),
    isPublicSector: boolean('is_public_sector').notNull().default(false),
    /** Managed-service share, percent. */
    msPercentage: numeric('m_s_percentage', { precision: 5, scale: 2 }),
    pod: text('pod').notNull().default(''),
    /** Semicolon-separated product families (spec §3). */
    productsEvaluated: text('products_evaluated').notNull().default(''),
    champion: text('champion').notNull().default(''),
    salesDirectorName: text('sales_director_name').notNull().default(''),
    salesDirectorEmail: text('sales_director_email').notNull().default(''),
    salesDirectorPhone: text('sales_director_phone').notNull().default(''),
    seName: text('se_name').notNull().default(''),
    csmId: text('csm_id'),
    csmName: text('csm_name').notNull().default(''),
    csmEmail: text('csm_email').notNull().default(''),
    camId: text('cam_id'),
    camName: text('cam_name').notNull().default(''),
    camEmail: text('cam_email').notNull().default(''),
    /** E-mail of the account owner (the seller), who sees the opportunity whatever the region. */
    ownerEmail: text('owner_email').notNull().default(''),
    ownerName: text('owner_name').notNull().default(''),
    hasManualProductLines: boolean('has_manual_product_lines').notNull().default(false),
    createdBy: text('created_by').notNull().default(''),
    modifiedBy: text('modified_by').notNull().default(''),
    createdOn: timestamptz('created_on').notNull().defaultNow(),
    modifiedOn: timestamptz('modified_on').notNull().defaultNow(),
    /** Written back by Bastion when a quote moves (spec: CRM write-back). */
    quoteNumber: text('quote_number'),
    quoteStatus: text('quote_status'),
    quoteAmountMinor: bigint('quote_amount_minor', { mode: 'number' }),
    /**
     * When the CRM deleted it (or an admin of the embedded CRM did). Kept, not deleted, because
     * quotes were made from it; it leaves lists and no new quote can be made from it.
     */
    removedFromCrmAt: timestamptz('removed_from_crm_at'),
  },
  (t) => [
    index('crm_opportunities_region_idx').on(t.region, t.modifiedOn),
    index('crm_opportunities_account_idx').on(t.accountId),
    index('crm_opportunities_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('crm_opportunities_owner_idx').on(t.ownerEmail),
  ],
);

export const crmOpportunityTeamMembers = pgTable(
  'crm_opportunity_team_members',
  {
    opportunityId: textRef('opportunity_id', () => crmOpportunities.id, 'cascade'),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    role: text('role').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.opportunityId, t.email] }),
    index('crm_opportunity_team_email_idx').on(t.email),
  ],
);

export const crmOpportunityLineItems = pgTable(
  'crm_opportunity_line_items',
  {
    id: text('id').primaryKey(),
    opportunityId: textRef('opportunity_id', () => crmOpportunities.id, 'cascade'),
    productCode: text('product_code').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    isManual: boolean('is_manual').notNull().default(false),
    /**
     * Issue 37 (decision 044): the line's total (quantity × unit price before the CRM rounds the
     * unit price), and, on a product Bastion wrote from the primary quote, its key there (null on
     * one typed in the CRM).
     */
    totalPriceMinor: bigint('total_price_minor', { mode: 'number' }),
    description: text('description').notNull().default(''),
    bastionLineKey: text('bastion_line_key'),
  },
  (t) => [index('crm_opportunity_line_items_opp_idx').on(t.opportunityId)],
);

/** One row: which adapter is in use and how its last sync went (CRM admin page). */
export const crmConnection = pgTable('crm_connection', {
  id: integer('id').primaryKey().default(1),
  adapter: text('adapter', { enum: ['embedded', 'salesforce'] }).notNull(),
  status: text('status', { enum: ['idle', 'syncing', 'synced', 'failed'] })
    .notNull()
    .default('idle'),
  lastSyncedAt: timestamptz('last_synced_at'),
  lastError: text('last_error').notNull().default(''),
  syncedCount: integer('synced_count').notNull().default(0),
  /** Issue 19: while syncing, how many records are done of how many; null when not known. */
  progressDone: integer('progress_done').notNull().default(0),
  progressTotal: integer('progress_total'),
  /** The records the last sync could not take, each with why. */
  recordErrors: jsonb('record_errors')
    .$type<{ record_id: string; message: string }[]>()
    .notNull()
    .default([]),
  /** Who started the sync that runs or ran last. */
  startedBy: text('started_by').notNull().default(''),
  /**
   * Written by the instance running a sync as it progresses: a 'syncing' row whose heartbeat is
   * old belongs to an instance that died, and another sync may take over.
   */
  syncHeartbeatAt: timestamptz('sync_heartbeat_at'),
});
