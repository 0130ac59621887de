import {
  crmAccounts,
  crmContacts,
  crmOpportunities,
  crmOpportunityLineItems,
} from '@bastion/db/schema/crm';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { SALESFORCE_FIELD_MAP } from '../../integrations/crm/salesforce/field-map.ts';
import { qualifiedColumnName as columnName } from '../../lib/db/column-names.ts';
import type { FieldMapping } from '@bastion/domain/crm/api';

/**
 * Where each quote field comes from (spec §3 "Opportunity mapped to a quote"), for the CRM admin
 * page. Entries name Bastion's columns; the embedded CRM shows them as they are and Salesforce by
 * the API names its adapter reads them from (SALESFORCE_FIELD_MAP), so the page cannot disagree
 * with the adapter. The rules are applied by mapOpportunityToQuote (packages/domain).
 */

const SF = SALESFORCE_FIELD_MAP;
type OpportunityColumn = keyof typeof SF.opportunity.fields;
type AccountColumn = keyof typeof SF.account.fields;
type ContactColumn = keyof typeof SF.contact.fields;
type LineItemColumn = keyof typeof SF.lineItem.fields;
type Party = 'customer' | 'partner' | 'distributor';

type Source =
  | { from: 'opportunity'; column: OpportunityColumn }
  | { from: 'account'; party: Party; column: AccountColumn }
  /** Street, city, state, postal code and country, shown as one range. */
  | { from: 'address'; party: Party; kind: 'billing' | 'shipping' }
  | { from: 'partnerContact'; column: ContactColumn }
  | { from: 'team' }
  | { from: 'lineItem'; column: LineItemColumn };

type Section = FieldMapping['section'];

interface MappingEntry {
  quote: readonly string[];
  sources: readonly Source[];
  rule?: string;
}

const opp = (...columns: OpportunityColumn[]): Source[] =>
  columns.map((column) => ({ from: 'opportunity', column }));
const account = (party: Party, ...columns: AccountColumn[]): Source[] =>
  columns.map((column) => ({ from: 'account', party, column }));
const address = (party: Party, kind: 'billing' | 'shipping'): Source[] => [
  { from: 'address', party, kind },
];
const contact = (...columns: ContactColumn[]): Source[] =>
  columns.map((column) => ({ from: 'partnerContact', column }));

const PARTNER_ONLY = 'Only on a T1 or T2 deal.';
const DISTRIBUTOR_ONLY = 'Only on a T2 deal.';
const MINOR_UNITS = 'In minor units of the currency (cents).';

const SECTIONS: readonly [Section, readonly MappingEntry[]][] = [
  [
    'Opportunity',
    [
      { quote: ['opportunity_id'], sources: opp('id') },
      {
        quote: ['quote_name'],
        sources: opp('name'),
        rule: 'The opportunity name; "Quote for <customer>" when it is blank.',
      },
      { quote: ['opportunity_name'], sources: opp('name') },
      { quote: ['deal_type'], sources: opp('dealType') },
      { quote: ['stage'], sources: opp('stage') },
      { quote: ['amount_minor'], sources: opp('amountMinor'), rule: MINOR_UNITS },
      { quote: ['currency_code'], sources: opp('currencyCode') },
      { quote: ['opportunity_region'], sources: opp('region') },
      { quote: ['sales_country'], sources: opp('salesCountry') },
      { quote: ['named_account'], sources: opp('isNamedAccount') },
      {
        quote: ['sales_channel'],
        sources: opp('partnerAccountId', 'distributorAccountId'),
        rule: 'T2 with a partner and a distributor, T1 with a partner only, otherwise DIRECT.',
      },
      { quote: ['is_registered_deal'], sources: opp('isRegisteredDeal') },
      { quote: ['deal_reg'], sources: opp('dealReg') },
      { quote: ['is_public_sector'], sources: opp('isPublicSector') },
      { quote: ['m_s_percentage'], sources: opp('msPercentage') },
      { quote: ['pod'], sources: opp('pod') },
      {
        quote: ['amount_to_be_renewed_minor'],
        sources: opp('amountToBeRenewedMinor'),
        rule: MINOR_UNITS,
      },
      {
        quote: ['products_evaluated'],
        sources: opp('productsEvaluated'),
        rule: 'The semicolon-separated list, split on ";".',
      },
      { quote: ['champion'], sources: opp('champion') },
      {
        quote: ['has_manual_product_lines'],
        sources: [{ from: 'lineItem', column: 'isManual' }],
        rule: 'True when any product line was entered by hand in the CRM.',
      },
      { quote: ['created_by', 'created_on'], sources: opp('createdBy', 'createdOn') },
      { quote: ['modified_by', 'modified_on'], sources: opp('modifiedBy', 'modifiedOn') },
    ],
  ],
  [
    'Customer',
    [
      { quote: ['end_customer_name'], sources: account('customer', 'name') },
      { quote: ['account_legal_entity_name'], sources: account('customer', 'name') },
      { quote: ['account_billing_address'], sources: address('customer', 'billing') },
      { quote: ['account_shipping_address'], sources: address('customer', 'shipping') },
      {
        quote: ['shipping_country_id', 'shipping_country_name'],
        sources: account('customer', 'country', 'shippingCountry', 'billingCountry'),
        rule: "The customer's shipping country, else its billing country.",
      },
      {
        quote: ['price_book_id', 'price_book_name'],
        sources: [
          ...account('customer', 'segment'),
          ...opp('region'),
          ...account('partner', 'partnerType'),
        ],
        rule: "The customer's segment, the region, the channel and the partner type choose the price book that prices the quote (docs/pricing.md); none matching: the standard list.",
      },
    ],
  ],
  [
    'Partner',
    [
      { quote: ['partner_account_id'], sources: opp('partnerAccountId'), rule: PARTNER_ONLY },
      { quote: ['reseller_name'], sources: account('partner', 'name'), rule: PARTNER_ONLY },
      {
        quote: ['partner_legal_entity_name'],
        sources: account('partner', 'name'),
        rule: PARTNER_ONLY,
      },
      {
        quote: ['partner_type'],
        sources: account('partner', 'partnerType'),
        rule: 'AUTHORIZED on a T1 or T2 deal when the partner has none.',
      },
      {
        quote: ['partner_billing_address'],
        sources: address('partner', 'billing'),
        rule: PARTNER_ONLY,
      },
      {
        quote: ['partner_shipping_address'],
        sources: address('partner', 'shipping'),
        rule: PARTNER_ONLY,
      },
      { quote: ['partner_contact_id'], sources: opp('partnerContactId'), rule: PARTNER_ONLY },
      {
        quote: ['partner_contact_name', 'partner_contact_email'],
        sources: contact('firstName', 'lastName', 'email'),
        rule: PARTNER_ONLY,
      },
      {
        quote: ['can_nofity_partner'],
        sources: contact('email'),
        rule: 'True on a T1 or T2 deal whose partner contact has a valid e-mail address.',
      },
    ],
  ],
  [
    'Distributor',
    [
      {
        quote: ['distributor_name', 'distributor_legal_entity_name'],
        sources: account('distributor', 'name'),
        rule: DISTRIBUTOR_ONLY,
      },
      {
        quote: ['distributor_billing_address'],
        sources: address('distributor', 'billing'),
        rule: DISTRIBUTOR_ONLY,
      },
      {
        quote: ['distributor_shipping_address'],
        sources: address('distributor', 'shipping'),
        rule: DISTRIBUTOR_ONLY,
      },
    ],
  ],
  [
    'Terms and dates',
    [
      {
        quote: ['contracting_entity_id', 'contracting_entity_name'],
        sources: opp('region'),
        rule: 'By region: EMEA → GmbH; North America, Americas → Inc; LATAM, APJ → Ltd.',
      },
      {
        quote: ['payment_term_days', 'payment_term_name'],
        sources: [
          ...opp('paymentTermName', 'partnerPaymentTermName'),
          ...account('customer', 'paymentTermName'),
          ...account('partner', 'paymentTermName'),
          ...account('distributor', 'paymentTermName'),
        ],
        rule: "The opportunity's term, then the partner quote's, then the billed account's: the customer (DIRECT), the partner (T1) or the distributor (T2).",
      },
      { quote: ['opp_payment_term'], sources: opp('paymentTermDays', 'paymentTermName') },
      {
        quote: ['partner_payment_term'],
        sources: opp('partnerPaymentTermDays', 'partnerPaymentTermName'),
        rule: PARTNER_ONLY,
      },
      {
        quote: ['sla', 'sla_name'],
        sources: opp('sla'),
        rule: 'Kept when it is one of the offered SLAs, otherwise 24/7.',
      },
      { quote: ['agreement_name'], sources: opp('agreementName') },
      { quote: ['close_date'], sources: opp('closeDate') },
      { quote: ['contract_sign_date'], sources: opp('contractSignDate') },
      {
        quote: ['contract_start_date'],
        sources: opp('contractStartDate'),
        rule: 'Shown as DD-MMM-YYYY.',
      },
    ],
  ],
  [
    'People',
    [
      { quote: ['account_owner'], sources: opp('ownerName', 'ownerEmail') },
      { quote: ['opp_team_members'], sources: [{ from: 'team' }] },
      { quote: ['se_name'], sources: opp('seName') },
      { quote: ['csm_id', 'csm_name', 'csm_email'], sources: opp('csmId', 'csmName', 'csmEmail') },
      { quote: ['cam_id', 'cam_name', 'cam_email'], sources: opp('camId', 'camName', 'camEmail') },
      {
        quote: ['sales_director_name', 'sales_director_email', 'sales_director_phone'],
        sources: opp('salesDirectorName', 'salesDirectorEmail', 'salesDirectorPhone'),
      },
    ],
  ],
  [
    'Written back',
    [
      { quote: ['quote_number'], sources: opp('quoteNumber') },
      { quote: ['status_id'], sources: opp('quoteStatus') },
      { quote: ['total_amount_minor'], sources: opp('quoteAmountMinor'), rule: MINOR_UNITS },
      {
        quote: ['lines (sku, quantities, net per year)'],
        sources: (
          ['productCode', 'quantity', 'totalPriceMinor', 'description', 'bastionLineKey'] as const
        ).map((column) => ({ from: 'lineItem' as const, column })),
        rule: "The primary quote only, whenever it changes: one product per line and contract year, its total the year's net. Bastion changes only the products it wrote (those with a line key), never products typed in the CRM.",
      },
    ],
  ],
];

// --- Names as the embedded CRM has them: table.column -----------------------------------------

const ADDRESS_PARTS = ['Street', 'City', 'State', 'PostalCode', 'Country'] as const;
const addressColumns = (kind: 'billing' | 'shipping') =>
  ADDRESS_PARTS.map((part) => `${kind}${part}` as AccountColumn);

function embeddedName(source: Source): string {
  switch (source.from) {
    case 'opportunity':
      return columnName(crmOpportunities, source.column);
    case 'account':
      return `${columnName(crmAccounts, source.column)} (${source.party})`;
    case 'address': {
      const [first, ...rest] = addressColumns(source.kind).map((c) => columnName(crmAccounts, c));
      const last = rest.at(-1)?.replace(/^.*\./, '') ?? '';
      return `${first} … ${last} (${source.party})`;
    }
    case 'partnerContact':
      return `${columnName(crmContacts, source.column)} (partner contact)`;
    case 'team':
      return 'crm_opportunity_team_members';
    case 'lineItem':
      return columnName(crmOpportunityLineItems, source.column);
  }
}

// --- Names as Salesforce has them: Object.Field, Lookup__r.Field for related records ----------

/** The relationship a lookup field opens: AccountId → Account, Partner_Account__c → …__r. */
function relationshipOf(lookupField: string): string {
  if (lookupField.endsWith('__c')) return `${lookupField.slice(0, -3)}__r`;
  return lookupField.endsWith('Id') ? lookupField.slice(0, -2) : lookupField;
}

const PARTY_LOOKUP: Readonly<Record<Party, OpportunityColumn>> = {
  customer: 'accountId',
  partner: 'partnerAccountId',
  distributor: 'distributorAccountId',
};

function salesforceName(source: Source): string {
  const o = SF.opportunity.sobject;
  const accountOf = (party: Party) =>
    `${o}.${relationshipOf(SF.opportunity.fields[PARTY_LOOKUP[party]])}`;
  switch (source.from) {
    case 'opportunity':
      return `${o}.${SF.opportunity.fields[source.column]}`;
    case 'account':
      return `${accountOf(source.party)}.${SF.account.fields[source.column]}`;
    case 'address': {
      const fields = addressColumns(source.kind).map((c) => SF.account.fields[c]);
      return `${accountOf(source.party)}.${fields[0]} … ${fields.at(-1)}`;
    }
    case 'partnerContact':
      return `${o}.${relationshipOf(SF.opportunity.fields.partnerContactId)}.${SF.contact.fields[source.column]}`;
    case 'team': {
      const f = SF.teamMember.fields;
      return `${SF.teamMember.sobject} (${f.email}, ${f.name}, ${f.role})`;
    }
    case 'lineItem':
      return `${SF.lineItem.sobject}.${SF.lineItem.fields[source.column]}`;
  }
}

/** The mapping as the adapter in use names its fields, section by section. */
export function listFieldMappings(adapter: Pick<CrmAdapter, 'kind'>): FieldMapping[] {
  const nameOf = adapter.kind === 'salesforce' ? salesforceName : embeddedName;
  return SECTIONS.flatMap(([section, entries]) =>
    entries.map((entry) => ({
      section,
      // A field read for several purposes is named once.
      crm_fields: [...new Set(entry.sources.map(nameOf))],
      quote_fields: [...entry.quote],
      direction: section === 'Written back' ? ('write_back' as const) : ('read' as const),
      rule: entry.rule ?? '',
    })),
  );
}
