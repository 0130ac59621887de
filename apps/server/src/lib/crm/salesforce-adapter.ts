import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { Connection, HttpRequest } from 'jsforce';
import { canonicalRegion } from '@bastion/domain/permissions/visibility';
import { DEAL_TYPES, dealTypeCode } from '@bastion/domain/quotes/quote-types';
import type { ServerConfig } from '../../config.ts';
import { AppError } from '../app-error.ts';
import {
  CrmUnavailableError,
  type CrmAccount,
  type CrmAdapter,
  type CrmContact,
  type CrmLineItem,
  type CrmOpportunity,
  type CrmOpportunitySnapshot,
  type CrmTeamMember,
  type QuoteWriteBack,
} from './crm-adapter.ts';

/**
 * The CRM adapter for Salesforce (docs/decisions/008): reads opportunities and what a quote takes
 * from them over the REST API, and writes quote progress back to the opportunity.
 *
 * Authentication is ours (OAuth 2.0 client credentials or JWT bearer against the login URL);
 * the REST calls go through a jsforce Connection made from the token we got. jsforce's Query
 * and SObject helpers are not used: they cannot pass per-call options (its default retries a
 * refused connection for ~15 s before giving up) and the write-back needs an exact decimal in
 * its JSON body, which JSON.stringify of a float cannot promise.
 */

export type SalesforceCrmConfig = Extract<ServerConfig['crm'], { adapter: 'salesforce' }>;

export interface SalesforceAdapterOptions {
  /** For the OAuth token endpoint; REST calls go through jsforce's own HTTP client. */
  fetch?: typeof globalThis.fetch;
  /** The clock that dates the JWT assertion. */
  now?: () => Date;
  /** How long one HTTP call may take; 30 s unless told. */
  timeoutMs?: number;
}

// --- The field map ---

/** An SObject and, for each Bastion column, the field it is read from. */
interface SObjectMap<Column extends string> {
  sobject: string;
  fields: Record<Column, string>;
}

const WRITE_BACK_FIELDS = {
  quoteNumber: 'Bastion_Quote_Number__c',
  status: 'Bastion_Quote_Status__c',
  amountMinor: 'Bastion_Quote_Amount__c',
  currencyCode: 'Bastion_Quote_Currency__c',
  stage: 'StageName',
} as const satisfies Record<keyof QuoteWriteBack, string>;

/**
 * Where each column of Bastion's CRM tables comes from in Salesforce: SObject and field API
 * names, `Lookup__r.Field` for a field of a related record. The queries are built from this
 * map and the CRM admin page shows it, so an org's admin sees what Bastion expects. Every
 * column is listed (the `satisfies` clauses make a new column a compile error here) except the
 * derived ones: an account's kind is its role on the opportunity (AccountId → CUSTOMER,
 * Partner_Account__c → PARTNER, Distributor_Account__c → DISTRIBUTOR), an opportunity has
 * manual product lines when one of its line items has Is_Manual__c set, and it is removed when
 * queryAll finds it deleted (IsDeleted).
 */
export const SALESFORCE_FIELD_MAP = {
  opportunity: {
    sobject: 'Opportunity',
    /** An incremental sync reads the opportunities whose stamp is at or after the last sync. */
    changedSince: 'SystemModstamp',
    fields: {
      id: 'Id',
      name: 'Name',
      accountId: 'AccountId',
      partnerAccountId: 'Partner_Account__c',
      partnerContactId: 'Partner_Contact__c',
      distributorAccountId: 'Distributor_Account__c',
      /** Falls back to the customer account's region when blank. */
      region: 'Region__c',
      salesCountry: 'Sales_Country__c',
      isNamedAccount: 'Named_Account__c',
      stage: 'StageName',
      /** The Type picklist, by name: see `dealTypes`. */
      dealType: 'Type',
      /** Needs a multi-currency org. */
      currencyCode: 'CurrencyIsoCode',
      amountMinor: 'Amount',
      amountToBeRenewedMinor: 'Amount_To_Be_Renewed__c',
      closeDate: 'CloseDate',
      contractStartDate: 'Contract_Start_Date__c',
      contractSignDate: 'Contract_Sign_Date__c',
      agreementName: 'Agreement_Name__c',
      paymentTermDays: 'Payment_Term_Days__c',
      paymentTermName: 'Payment_Term__c',
      partnerPaymentTermDays: 'Partner_Payment_Term_Days__c',
      partnerPaymentTermName: 'Partner_Payment_Term__c',
      sla: 'SLA__c',
      isRegisteredDeal: 'Registered_Deal__c',
      dealReg: 'Deal_Registration__c',
      isPublicSector: 'Public_Sector__c',
      msPercentage: 'MS_Percentage__c',
      pod: 'POD__c',
      /** A multi-select picklist: Salesforce already separates its values with semicolons. */
      productsEvaluated: 'Products_Evaluated__c',
      champion: 'Champion__c',
      salesDirectorName: 'Sales_Director__r.Name',
      salesDirectorEmail: 'Sales_Director__r.Email',
      salesDirectorPhone: 'Sales_Director__r.Phone',
      seName: 'Sales_Engineer__r.Name',
      csmId: 'CSM__c',
      csmName: 'CSM__r.Name',
      csmEmail: 'CSM__r.Email',
      camId: 'CAM__c',
      camName: 'CAM__r.Name',
      camEmail: 'CAM__r.Email',
      /** The opportunity owner: the seller. */
      ownerEmail: 'Owner.Email',
      ownerName: 'Owner.Name',
      createdBy: 'CreatedBy.Name',
      modifiedBy: 'LastModifiedBy.Name',
      createdOn: 'CreatedDate',
      modifiedOn: 'LastModifiedDate',
      quoteNumber: WRITE_BACK_FIELDS.quoteNumber,
      quoteStatus: WRITE_BACK_FIELDS.status,
      quoteAmountMinor: WRITE_BACK_FIELDS.amountMinor,
    },
  },
  account: {
    sobject: 'Account',
    fields: {
      id: 'Id',
      name: 'Name',
      region: 'Region__c',
      country: 'BillingCountry',
      billingStreet: 'BillingStreet',
      billingCity: 'BillingCity',
      billingState: 'BillingState',
      billingPostalCode: 'BillingPostalCode',
      billingCountry: 'BillingCountry',
      shippingStreet: 'ShippingStreet',
      shippingCity: 'ShippingCity',
      shippingState: 'ShippingState',
      shippingPostalCode: 'ShippingPostalCode',
      shippingCountry: 'ShippingCountry',
      paymentTermDays: 'Payment_Term_Days__c',
      paymentTermName: 'Payment_Term__c',
      partnerType: 'Partner_Type__c',
      isPublicSector: 'Public_Sector__c',
      updatedAt: 'SystemModstamp',
    },
  },
  contact: {
    sobject: 'Contact',
    fields: {
      id: 'Id',
      accountId: 'AccountId',
      firstName: 'FirstName',
      lastName: 'LastName',
      email: 'Email',
      phone: 'Phone',
      title: 'Title',
    },
  },
  teamMember: {
    sobject: 'OpportunityTeamMember',
    fields: {
      opportunityId: 'OpportunityId',
      email: 'User.Email',
      name: 'User.Name',
      role: 'TeamMemberRole',
    },
  },
  lineItem: {
    sobject: 'OpportunityLineItem',
    fields: {
      id: 'Id',
      opportunityId: 'OpportunityId',
      productCode: 'Product2.ProductCode',
      name: 'Product2.Name',
      quantity: 'Quantity',
      unitPriceMinor: 'UnitPrice',
      /** A checkbox the org adds: the line was typed in Salesforce, not made from a quote. */
      isManual: 'Is_Manual__c',
    },
  },
  /** Fields of the Opportunity that Bastion writes when its quote moves. */
  writeBack: { sobject: 'Opportunity', fields: WRITE_BACK_FIELDS },
  /** Type picklist values and the deal-type codes they become (spec §4). */
  dealTypes: Object.fromEntries(DEAL_TYPES.map((type) => [type.name, type.code])),
} as const satisfies {
  opportunity: SObjectMap<
    Exclude<keyof CrmOpportunity, 'hasManualProductLines' | 'removedFromCrmAt'>
  > & {
    changedSince: string;
  };
  account: SObjectMap<Exclude<keyof CrmAccount, 'kind'>>;
  contact: SObjectMap<keyof CrmContact>;
  teamMember: SObjectMap<keyof CrmTeamMember>;
  lineItem: SObjectMap<keyof CrmLineItem>;
  writeBack: SObjectMap<keyof QuoteWriteBack>;
  dealTypes: Record<string, string>;
};

const MAP = SALESFORCE_FIELD_MAP;

// --- Record ids and SOQL text ---

const ID_PATTERN = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;
const CHECKSUM_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/**
 * The 18-character form of a Salesforce record id (the REST API answers with it, so ids
 * compare equal in Bastion's tables whichever form a user pasted); null for anything that is
 * not a record id, including an 18-character id whose case checksum is wrong.
 */
export function salesforceId18(id: string): string | null {
  if (!ID_PATTERN.test(id)) return null;
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk += 1) {
    let bits = 0;
    for (let position = 0; position < 5; position += 1) {
      const char = id.charAt(chunk * 5 + position);
      if (char >= 'A' && char <= 'Z') bits |= 1 << position;
    }
    suffix += CHECKSUM_CHARACTERS.charAt(bits);
  }
  if (id.length === 18 && id.slice(15).toUpperCase() !== suffix) return null;
  return id.slice(0, 15) + suffix;
}

const SOQL_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  "'": "\\'",
  '"': '\\"',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** A SOQL string literal. Ids are checked before they get here; this is the second fence. */
export function soqlString(value: string): string {
  return `'${value.replace(/[\\'"\n\r\t\b\f]/g, (char) => SOQL_ESCAPES[char] ?? char)}'`;
}

/** A SOQL datetime literal. Salesforce stamps whole seconds, so the milliseconds go. */
const soqlInstant = (instant: Date) => instant.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Salesforce caps a query's text; 200 ids keep an IN list far below that. */
const IDS_PER_QUERY = 200;

// --- Money: decimals to integer minor units and back, without floats ---

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,3}))?$/i;
/**
 * A JSON number carries about 15 significant digits exactly; with two decimals that is every
 * amount under 10^13. Larger ones could already have been rounded on the way in.
 */
const LARGEST_EXACT_AMOUNT = 1e13;

/**
 * The amount in hundredths (every currency is kept in hundredths, see the domain's
 * format/currency), e.g. 1234.5 → 123450 and '0.29' → 29. Digits beyond the second decimal are
 * rounded half away from zero. Works on the decimal text, never on a float product. Throws a
 * RangeError for what is not a number or cannot be held exactly.
 */
export function decimalToMinorUnits(value: number | string): number {
  if (typeof value === 'number' && !(Math.abs(value) < LARGEST_EXACT_AMOUNT)) {
    throw new RangeError(`${value} has more digits than a JSON number carries exactly`);
  }
  const scaled = scaledDecimal(String(value), 2);
  if (scaled === null) throw new RangeError(`Not a decimal number: ${String(value)}`);
  const minorUnits = Number(scaled);
  if (!Number.isSafeInteger(minorUnits)) throw new RangeError(`Too large an amount: ${value}`);
  return minorUnits === 0 ? 0 : minorUnits;
}

/** The decimal text of an amount in hundredths, e.g. 123456 → '1234.56', -5 → '-0.05'. */
export function minorUnitsToDecimal(minorUnits: number): string {
  if (!Number.isSafeInteger(minorUnits)) {
    throw new RangeError(`Money must be a safe integer of minor units: ${minorUnits}`);
  }
  const digits = String(Math.abs(minorUnits)).padStart(3, '0');
  return `${minorUnits < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The value × 10^scale as an integer, rounded half away from zero; null when not a number. */
function scaledDecimal(text: string, scale: number): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return null;
  const digits = BigInt(whole + fraction);
  const shift = Number(exponent) - fraction.length + scale;
  let scaled: bigint;
  if (shift >= 0) {
    scaled = digits * 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    scaled = digits / divisor;
    if ((digits % divisor) * 2n >= divisor) scaled += 1n;
  }
  return sign === '-' ? -scaled : scaled;
}

// --- Reading fields of a REST record ---

type SfRecord = Record<string, unknown>;

/** The value at `Field` or `Lookup__r.Field`; null when absent or the lookup is empty. */
function valueAt(record: SfRecord, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null) return null;
    value = (value as SfRecord)[part] ?? null;
  }
  return value;
}

function textAt(record: SfRecord, path: string): string {
  const value = valueAt(record, path);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

const nullableTextAt = (record: SfRecord, path: string) => textAt(record, path) || null;
const emailAt = (record: SfRecord, path: string) => textAt(record, path).toLowerCase();
const isCheckedAt = (record: SfRecord, path: string) => valueAt(record, path) === true;

/** A related record's id in 18-character form; null when empty or not an id. */
function idAt(record: SfRecord, path: string): string | null {
  const value = valueAt(record, path);
  return typeof value === 'string' ? salesforceId18(value) : null;
}

/** Days, counts: whole numbers (a fractional quantity is rounded to the nearest unit). */
function integerAt(record: SfRecord, path: string): number | null {
  const value = valueAt(record, path);
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? Math.round(number) : null;
}

/** YYYY-MM-DD: Salesforce dates come so, a datetime counts by its UTC date. */
function dateAt(record: SfRecord, path: string): string | null {
  const match = /^\d{4}-\d{2}-\d{2}/.exec(textAt(record, path));
  return match ? match[0] : null;
}

/** Salesforce writes datetimes as 2024-05-01T10:00:00.000+0000, which Date.parse may refuse. */
function instantAt(record: SfRecord, path: string): Date | undefined {
  const text = textAt(record, path).replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time);
}

function minorUnitsAt(record: SfRecord, path: string): number | null {
  const value = valueAt(record, path);
  if (value === null || value === '') return null;
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  try {
    return decimalToMinorUnits(value);
  } catch (error) {
    const which = `${textAt(record, 'attributes.type') || 'record'} ${textAt(record, 'Id')}`;
    throw new CrmUnavailableError(
      `Salesforce sent an amount Bastion cannot hold exactly (${which}, ${path}): ${(error as Error).message}.`,
    );
  }
}

/** numeric(5,2): the percentage as exact decimal text, null when absent or out of range. */
function percentAt(record: SfRecord, path: string): string | null {
  const value = valueAt(record, path);
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const hundredths = scaledDecimal(String(value), 2);
  if (hundredths === null || hundredths >= 100_000n || hundredths <= -100_000n) return null;
  return minorUnitsToDecimal(Number(hundredths));
}

// --- Mapping Salesforce records to Bastion's rows ---

type AccountKind = CrmAccount['kind'];

function toAccount(record: SfRecord, id: string, kind: AccountKind): CrmAccount {
  const f = MAP.account.fields;
  const region = textAt(record, f.region);
  return {
    id,
    name: textAt(record, f.name),
    kind,
    region: region ? canonicalRegion(region) : '',
    country: textAt(record, f.country),
    billingStreet: textAt(record, f.billingStreet),
    billingCity: textAt(record, f.billingCity),
    billingState: textAt(record, f.billingState),
    billingPostalCode: textAt(record, f.billingPostalCode),
    billingCountry: textAt(record, f.billingCountry),
    shippingStreet: textAt(record, f.shippingStreet),
    shippingCity: textAt(record, f.shippingCity),
    shippingState: textAt(record, f.shippingState),
    shippingPostalCode: textAt(record, f.shippingPostalCode),
    shippingCountry: textAt(record, f.shippingCountry),
    paymentTermDays: integerAt(record, f.paymentTermDays),
    paymentTermName: nullableTextAt(record, f.paymentTermName),
    partnerType: nullableTextAt(record, f.partnerType),
    isPublicSector: isCheckedAt(record, f.isPublicSector),
    updatedAt: instantAt(record, f.updatedAt),
  };
}

function toContact(record: SfRecord, id: string, accountId: string): CrmContact {
  const f = MAP.contact.fields;
  return {
    id,
    accountId,
    firstName: textAt(record, f.firstName),
    lastName: textAt(record, f.lastName),
    email: emailAt(record, f.email),
    phone: textAt(record, f.phone),
    title: textAt(record, f.title),
  };
}

function toLineItem(record: SfRecord, id: string, opportunityId: string): CrmLineItem {
  const f = MAP.lineItem.fields;
  return {
    id,
    opportunityId,
    productCode: textAt(record, f.productCode),
    name: textAt(record, f.name),
    quantity: integerAt(record, f.quantity) ?? 0,
    unitPriceMinor: minorUnitsAt(record, f.unitPriceMinor) ?? 0,
    isManual: isCheckedAt(record, f.isManual),
  };
}

interface Related {
  /** The opportunity's accounts, already in their role; the ids the snapshot may point at. */
  accounts: CrmAccount[];
  contacts: CrmContact[];
  team: CrmTeamMember[];
  lineItems: CrmLineItem[];
}

function toOpportunity(record: SfRecord, id: string, related: Related): CrmOpportunity {
  const f = MAP.opportunity.fields;
  const [customer] = related.accounts;
  const hasAccount = (path: string) => {
    const accountId = idAt(record, path);
    return accountId !== null && related.accounts.some((account) => account.id === accountId)
      ? accountId
      : null;
  };
  const partnerContactId = idAt(record, f.partnerContactId);
  const region = textAt(record, f.region);
  const dealType = textAt(record, f.dealType);
  return {
    id,
    name: textAt(record, f.name),
    accountId: customer?.id ?? '',
    partnerAccountId: hasAccount(f.partnerAccountId),
    // Only a contact the snapshot carries, so the row's reference always resolves.
    partnerContactId: related.contacts.some((contact) => contact.id === partnerContactId)
      ? partnerContactId
      : null,
    distributorAccountId: hasAccount(f.distributorAccountId),
    region: region ? canonicalRegion(region) : (customer?.region ?? ''),
    salesCountry: textAt(record, f.salesCountry),
    isNamedAccount: isCheckedAt(record, f.isNamedAccount),
    stage: textAt(record, f.stage),
    // An unknown Type keeps its Salesforce text, so the admin sees which value to map.
    dealType: dealTypeCode(dealType) ?? dealType,
    currencyCode: textAt(record, f.currencyCode).toUpperCase() || 'USD',
    amountMinor: minorUnitsAt(record, f.amountMinor) ?? 0,
    amountToBeRenewedMinor: minorUnitsAt(record, f.amountToBeRenewedMinor),
    closeDate: dateAt(record, f.closeDate),
    contractStartDate: dateAt(record, f.contractStartDate),
    contractSignDate: dateAt(record, f.contractSignDate),
    agreementName: textAt(record, f.agreementName),
    paymentTermDays: integerAt(record, f.paymentTermDays),
    paymentTermName: nullableTextAt(record, f.paymentTermName),
    partnerPaymentTermDays: integerAt(record, f.partnerPaymentTermDays),
    partnerPaymentTermName: nullableTextAt(record, f.partnerPaymentTermName),
    sla: textAt(record, f.sla),
    isRegisteredDeal: isCheckedAt(record, f.isRegisteredDeal),
    dealReg: textAt(record, f.dealReg),
    isPublicSector: isCheckedAt(record, f.isPublicSector),
    msPercentage: percentAt(record, f.msPercentage),
    pod: textAt(record, f.pod),
    productsEvaluated: textAt(record, f.productsEvaluated),
    champion: textAt(record, f.champion),
    salesDirectorName: textAt(record, f.salesDirectorName),
    salesDirectorEmail: emailAt(record, f.salesDirectorEmail),
    salesDirectorPhone: textAt(record, f.salesDirectorPhone),
    seName: textAt(record, f.seName),
    csmId: idAt(record, f.csmId),
    csmName: textAt(record, f.csmName),
    csmEmail: emailAt(record, f.csmEmail),
    camId: idAt(record, f.camId),
    camName: textAt(record, f.camName),
    camEmail: emailAt(record, f.camEmail),
    ownerEmail: emailAt(record, f.ownerEmail),
    ownerName: textAt(record, f.ownerName),
    hasManualProductLines: related.lineItems.some((line) => line.isManual === true),
    createdBy: textAt(record, f.createdBy),
    modifiedBy: textAt(record, f.modifiedBy),
    createdOn: instantAt(record, f.createdOn),
    modifiedOn: instantAt(record, f.modifiedOn),
    quoteNumber: nullableTextAt(record, f.quoteNumber),
    quoteStatus: nullableTextAt(record, f.quoteStatus),
    quoteAmountMinor: minorUnitsAt(record, f.quoteAmountMinor),
  };
}

const groupBy = <T>(items: readonly T[], keyOf: (item: T) => string | null) => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
};

/**
 * Snapshots of opportunities from their records and their related ones. An opportunity whose
 * customer account is missing (none set, or not readable) cannot carry a quote and is left
 * out; a partner, distributor or partner contact that did not come is left empty, so every id a
 * snapshot holds points at a row of the same snapshot.
 */
function toSnapshots(
  opportunities: readonly SfRecord[],
  accountRecords: readonly SfRecord[],
  contactRecords: readonly SfRecord[],
  teamRecords: readonly SfRecord[],
  lineRecords: readonly SfRecord[],
): CrmOpportunitySnapshot[] {
  const accountsById = new Map(
    accountRecords.flatMap((record) => {
      const id = idAt(record, MAP.account.fields.id);
      return id ? [[id, record] as const] : [];
    }),
  );
  const contactsByAccount = groupBy(contactRecords, (record) =>
    idAt(record, MAP.contact.fields.accountId),
  );
  const teamByOpportunity = groupBy(teamRecords, (record) =>
    idAt(record, MAP.teamMember.fields.opportunityId),
  );
  const linesByOpportunity = groupBy(lineRecords, (record) =>
    idAt(record, MAP.lineItem.fields.opportunityId),
  );
  const f = MAP.opportunity.fields;

  return opportunities.flatMap((record): CrmOpportunitySnapshot[] => {
    const id = idAt(record, f.id);
    if (!id) return [];
    const accounts: CrmAccount[] = [];
    const roles = [
      [f.accountId, 'CUSTOMER'],
      [f.partnerAccountId, 'PARTNER'],
      [f.distributorAccountId, 'DISTRIBUTOR'],
    ] as const;
    for (const [path, kind] of roles) {
      const accountId = idAt(record, path);
      const account = accountId ? accountsById.get(accountId) : undefined;
      // One row per account: the first role it plays on this opportunity names its kind.
      if (accountId && account && !accounts.some((known) => known.id === accountId)) {
        accounts.push(toAccount(account, accountId, kind));
      }
    }
    if (accounts[0]?.kind !== 'CUSTOMER') return [];

    const contacts = accounts.flatMap((account) =>
      (contactsByAccount.get(account.id) ?? []).flatMap((contact) => {
        const contactId = idAt(contact, MAP.contact.fields.id);
        return contactId ? [toContact(contact, contactId, account.id)] : [];
      }),
    );
    const team = new Map<string, CrmTeamMember>();
    for (const member of teamByOpportunity.get(id) ?? []) {
      const t = MAP.teamMember.fields;
      const email = emailAt(member, t.email);
      // The table keys members by e-mail: a user on the team twice is one member.
      if (email && !team.has(email)) {
        team.set(email, {
          opportunityId: id,
          email,
          name: textAt(member, t.name),
          role: textAt(member, t.role),
        });
      }
    }
    const lineItems = (linesByOpportunity.get(id) ?? []).flatMap((line) => {
      const lineId = idAt(line, MAP.lineItem.fields.id);
      return lineId ? [toLineItem(line, lineId, id)] : [];
    });
    const related = { accounts, contacts, team: [...team.values()], lineItems };
    return [{ opportunity: toOpportunity(record, id, related), ...related }];
  });
}

// --- Talking to Salesforce ---

interface QueryPage {
  done: boolean;
  records: SfRecord[];
  nextRecordsUrl?: string;
}

interface Session {
  connection: Connection;
}

const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Salesforce accepts an assertion for at most three minutes after it is made. */
const JWT_LIFETIME_SECONDS = 180;

/**
 * The `aud` of a JWT bearer assertion: Salesforce wants its login server, not the My Domain URL
 * the token is asked from; a sandbox wants test.salesforce.com. Anything else (an Experience
 * Cloud site, a test double) names itself.
 */
export function salesforceJwtAudience(loginUrl: string): string {
  const host = new URL(loginUrl).hostname.toLowerCase();
  if (host === 'test.salesforce.com' || host.endsWith('.sandbox.my.salesforce.com')) {
    return 'https://test.salesforce.com';
  }
  if (host === 'login.salesforce.com' || host.endsWith('.my.salesforce.com')) {
    return 'https://login.salesforce.com';
  }
  return loginUrl.replace(/\/+$/, '');
}

/** Environment variables often hold a PEM with its line breaks written as \n. */
const pemOf = (text: string) => (text.includes('\n') ? text : text.replace(/\\n/g, '\n')).trim();

/**
 * Salesforce's own words, fit for one line: a SOQL error repeats the query and points at the
 * column before saying what is wrong ("ERROR at Row:1:Column:52\nNo such column …"), so only
 * what follows that pointer is kept.
 */
function salesforceWords(message: string): string {
  const lines = message.split('\n');
  const pointer = lines.findIndex((line) => /^ERROR at Row:/.test(line));
  const words = lines
    .slice(pointer + 1)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    // The caller ends the sentence.
    .replace(/\.$/, '');
  return words.length > 300 ? `${words.slice(0, 300)}…` : words;
}

const isRecord = (value: unknown): value is SfRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isQueryPage = (value: unknown): value is QueryPage =>
  isRecord(value) && typeof value.done === 'boolean' && Array.isArray(value.records);

/** Why a call got no HTTP answer (refused, timed out…); null when it did get one. */
function networkProblem(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'no answer in time';
  // jsforce's own time limit.
  if (error.message === 'Request Timeout') return 'no answer in time';
  // jsforce uses node-fetch (FetchError); the token call uses Node's fetch (TypeError).
  const isFetchFailure =
    error.name === 'FetchError' || (error instanceof TypeError && error.message === 'fetch failed');
  if (!isFetchFailure) return null;
  for (const source of [error, error.cause]) {
    if (isRecord(source) && typeof source.code === 'string' && source.code) return source.code;
  }
  return 'no answer';
}

export function createSalesforceAdapter(
  config: SalesforceCrmConfig,
  options: SalesforceAdapterOptions = {},
): CrmAdapter {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 30_000;
  const loginUrl = config.loginUrl.replace(/\/+$/, '');
  const loginOrigin = new URL(loginUrl).origin;
  // JWT when configured: it names the user Bastion acts as and shares no secret.
  const jwt =
    config.username && config.jwtPrivateKey
      ? { username: config.username, pem: config.jwtPrivateKey }
      : null;
  // One immediate retry, only for a kept-alive connection the server had already dropped;
  // nothing else is retried inside a call: the caller retries a whole sync, and an outage is
  // reported in seconds instead of after jsforce's back-off of ~15 s.
  const requestOptions = {
    retry: { maxRetries: 1, minTimeout: 0, errorCodes: ['ECONNRESET'], statusCodes: [] },
    timeout: timeoutMs,
  };
  /** The latest tokens, kept only to scrub them from messages. */
  const recentTokens: string[] = [];
  let privateKey: KeyObject | null = null;
  let pending: Promise<Session> | null = null;
  let instanceOrigin = loginOrigin;

  /** Removes the secret and any token from text that may end up in a message or a log. */
  function redact(text: string): string {
    let safe = text;
    for (const secret of [config.clientSecret, ...recentTokens]) {
      if (secret) safe = safe.split(secret).join('[redacted]');
    }
    return safe;
  }

  const unavailable = (message: string) => new CrmUnavailableError(redact(message));

  function jwtAssertion(username: string, pem: string): string {
    if (!privateKey) {
      try {
        privateKey = createPrivateKey(pemOf(pem));
      } catch {
        throw unavailable(
          'The Salesforce JWT private key (SALESFORCE_JWT_PRIVATE_KEY) is not a readable PEM private key.',
        );
      }
    }
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const issuedAt = Math.floor(now().getTime() / 1000);
    const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({
      iss: config.clientId,
      sub: username,
      aud: salesforceJwtAudience(loginUrl),
      exp: issuedAt + JWT_LIFETIME_SECONDS,
    })}`;
    return `${unsigned}.${sign('sha256', Buffer.from(unsigned), privateKey).toString('base64url')}`;
  }

  function tokenRequestBody(): URLSearchParams {
    if (jwt) {
      return new URLSearchParams({
        grant_type: JWT_BEARER_GRANT,
        assertion: jwtAssertion(jwt.username, jwt.pem),
      });
    }
    if (!config.clientSecret) {
      throw unavailable(
        'Salesforce is configured without a client secret or a JWT key and user name, so Bastion cannot sign in.',
      );
    }
    return new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: config.clientId,
      client_secret: config.clientSecret,
    });
  }

  function refusal(body: SfRecord): CrmUnavailableError {
    const error = typeof body.error === 'string' ? body.error : 'refused';
    const description =
      typeof body.error_description === 'string' && body.error_description
        ? ` (${salesforceWords(body.error_description)})`
        : '';
    const who = jwt ? `for the user ${jwt.username}` : `for the connected app`;
    const hint =
      !jwt && /not supported on this domain/i.test(description)
        ? ' The client-credentials flow needs your My Domain URL (https://…my.salesforce.com) in SALESFORCE_LOGIN_URL.'
        : '';
    return unavailable(`Salesforce refused the credentials ${who}: ${error}${description}.${hint}`);
  }

  async function authenticate(): Promise<Session> {
    const tokenUrl = `${loginUrl}/services/oauth2/token`;
    const body = tokenRequestBody();
    let status: number;
    let text: string;
    try {
      const response = await fetchFn(tokenUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw unavailable(
        `Salesforce could not be reached at ${loginOrigin} (${networkProblem(error) ?? 'no answer'}).`,
      );
    }
    let answer: unknown = null;
    try {
      answer = JSON.parse(text);
    } catch {
      // Not JSON: an HTML error page, a proxy's answer; the status says enough.
    }
    if (status < 200 || status > 299) {
      if (isRecord(answer) && typeof answer.error === 'string') throw refusal(answer);
      throw unavailable(`Salesforce sign-in at ${loginOrigin} answered HTTP ${status}.`);
    }
    const accessToken = isRecord(answer) ? answer.access_token : null;
    const instanceUrl = isRecord(answer) ? answer.instance_url : null;
    if (
      typeof accessToken !== 'string' ||
      accessToken === '' ||
      typeof instanceUrl !== 'string' ||
      !/^https?:\/\/[^/]+/.test(instanceUrl)
    ) {
      throw unavailable(
        `Salesforce sign-in at ${loginOrigin} answered without an access token and instance URL.`,
      );
    }
    recentTokens.unshift(accessToken);
    recentTokens.splice(5);
    instanceOrigin = new URL(instanceUrl).origin;
    // jsforce is loaded when first needed: deployments on the embedded CRM never pay for it.
    const { Connection } = await import('jsforce');
    const connection = new Connection({ instanceUrl, accessToken, version: config.apiVersion });
    return { connection };
  }

  /** The cached session, or a sign-in shared by everyone who asks while it runs. */
  function session(): Promise<Session> {
    if (!pending) {
      const attempt = authenticate();
      pending = attempt;
      // A failed sign-in is not cached: the next call tries again.
      void attempt.catch(() => {
        if (pending === attempt) pending = null;
      });
    }
    return pending;
  }

  /** A REST error from Salesforce (via jsforce), a network failure, or something else. */
  function translate(error: unknown, what: string): unknown {
    if (error instanceof CrmUnavailableError) return error;
    const problem = networkProblem(error);
    if (problem) {
      return unavailable(`Salesforce could not be reached at ${instanceOrigin} (${problem}).`);
    }
    if (!isRecord(error) || typeof error.errorCode !== 'string') return error;
    const code = error.errorCode;
    const httpStatus = /^ERROR_HTTP_(\d{3})$/.exec(code)?.[1];
    if (httpStatus) return unavailable(`Salesforce answered HTTP ${httpStatus} to ${what}.`);
    const message = error instanceof Error ? salesforceWords(error.message) : '';
    const hint = /^(INVALID_FIELD|INVALID_TYPE|NO_SUCH_COLUMN)/.test(code)
      ? ' Check that the org has the fields Bastion expects (CRM admin page, field mapping) and that the integration user may read them.'
      : '';
    return unavailable(`Salesforce refused ${what}: ${code}: ${message}.${hint}`);
  }

  const isExpiredSession = (error: unknown) =>
    isRecord(error) &&
    (error.errorCode === 'INVALID_SESSION_ID' || error.errorCode === 'ERROR_HTTP_401');

  /**
   * One REST call with the cached session; when Salesforce says the session expired, signs in
   * again once (callers that failed on the same session share that sign-in) and retries.
   */
  async function call<T>(request: HttpRequest, what: string): Promise<T> {
    const current = session();
    const attempt = async (promise: Promise<Session>) =>
      (await promise).connection.request<T>(request, requestOptions);
    try {
      return await attempt(current);
    } catch (error) {
      if (!isExpiredSession(error)) throw translate(error, what);
    }
    if (pending === current) pending = null;
    try {
      return await attempt(session());
    } catch (error) {
      if (isExpiredSession(error)) {
        throw unavailable(
          `Salesforce refused a fresh session for ${what} (INVALID_SESSION_ID). Check that the integration user may use the API.`,
        );
      }
      throw translate(error, what);
    }
  }

  /** Every record a SOQL query finds, following nextRecordsUrl from page to page. */
  async function query(
    soql: string,
    what: string,
    endpoint: 'query' | 'queryAll' = 'query',
  ): Promise<SfRecord[]> {
    const records: SfRecord[] = [];
    let url = `/${endpoint}?q=${encodeURIComponent(soql)}`;
    for (;;) {
      const page = await call<unknown>({ method: 'GET', url }, what);
      if (!isQueryPage(page)) {
        throw unavailable(`Salesforce answered ${what} with something that is not a query result.`);
      }
      records.push(...page.records);
      if (page.done || !page.nextRecordsUrl) return records;
      url = page.nextRecordsUrl;
    }
  }

  type Entry = { sobject: string; fields: Readonly<Record<string, string>> };
  const selectFrom = (entry: Entry) =>
    `SELECT ${[...new Set(Object.values(entry.fields))].join(', ')} FROM ${entry.sobject}`;

  /** Records of `entry` whose `field` is one of `ids`, in queries of a bounded length. */
  async function queryByIds(entry: Entry, field: string, ids: readonly string[]) {
    const records: SfRecord[] = [];
    for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
      const chunk = ids.slice(start, start + IDS_PER_QUERY).map(soqlString);
      const soql = `${selectFrom(entry)} WHERE ${field} IN (${chunk.join(', ')})`;
      records.push(...(await query(soql, `the ${entry.sobject} query`)));
    }
    return records;
  }

  async function snapshotsOf(opportunities: SfRecord[]): Promise<CrmOpportunitySnapshot[]> {
    const f = MAP.opportunity.fields;
    const snapshots: CrmOpportunitySnapshot[] = [];
    for (let start = 0; start < opportunities.length; start += IDS_PER_QUERY) {
      const batch = opportunities.slice(start, start + IDS_PER_QUERY);
      const ids = (paths: readonly string[]) => [
        ...new Set(
          batch.flatMap((record) =>
            paths.map((path) => idAt(record, path)).filter((id): id is string => id !== null),
          ),
        ),
      ];
      const opportunityIds = ids([f.id]);
      const accountIds = ids([f.accountId, f.partnerAccountId, f.distributorAccountId]);
      const [accounts, contacts, team, lines] = await Promise.all([
        queryByIds(MAP.account, MAP.account.fields.id, accountIds),
        queryByIds(MAP.contact, MAP.contact.fields.accountId, accountIds),
        queryByIds(MAP.teamMember, MAP.teamMember.fields.opportunityId, opportunityIds),
        queryByIds(MAP.lineItem, MAP.lineItem.fields.opportunityId, opportunityIds),
      ]);
      snapshots.push(...toSnapshots(batch, accounts, contacts, team, lines));
    }
    return snapshots;
  }

  /** For the methods that take an id Bastion stored: a malformed one is a caller's mistake. */
  function requireOpportunityId(id: string): string {
    const id18 = salesforceId18(id);
    if (!id18) {
      throw new AppError('BAD_REQUEST', 'That is not a Salesforce opportunity id.', {
        logMessage: `Not a Salesforce record id: ${JSON.stringify(id.slice(0, 40))}`,
      });
    }
    return id18;
  }

  return {
    kind: 'salesforce',

    async ping() {
      const versions = await call<unknown>(
        { method: 'GET', url: '/services/data/' },
        'the API versions request',
      );
      const offered = Array.isArray(versions)
        ? versions.flatMap((v) => (isRecord(v) && typeof v.version === 'string' ? [v.version] : []))
        : [];
      if (!offered.includes(config.apiVersion)) {
        throw unavailable(
          `Salesforce does not offer API version ${config.apiVersion}` +
            (offered.length > 0 ? ` (it offers ${offered.at(-1)} and earlier)` : '') +
            '; set SALESFORCE_API_VERSION to one it offers.',
        );
      }
      // One record of each kind a sync reads: proves the session, the access and the fields.
      await Promise.all(
        [MAP.opportunity, MAP.account, MAP.contact, MAP.teamMember, MAP.lineItem].map((entry) =>
          query(`${selectFrom(entry)} LIMIT 1`, `the ${entry.sobject} query`),
        ),
      );
    },

    async fetchChangedOpportunities(since) {
      const entry = MAP.opportunity;
      // At or after the stamp: a record changed in the same second as the last sync comes again
      // rather than not at all (the sync writes snapshots idempotently).
      const where = since ? ` WHERE ${entry.changedSince} >= ${soqlInstant(since)}` : '';
      const records = await query(`${selectFrom(entry)}${where}`, 'the Opportunity query');
      return snapshotsOf(records);
    },

    async fetchRemovedOpportunityIds(since) {
      const entry = MAP.opportunity;
      // queryAll sees the recycle bin, where Salesforce keeps deleted records for 15 days; a
      // sync at least that often sees every deletion.
      const stamp = since ? ` AND ${entry.changedSince} >= ${soqlInstant(since)}` : '';
      const records = await query(
        `SELECT ${entry.fields.id} FROM ${entry.sobject} WHERE IsDeleted = true${stamp}`,
        'the deleted Opportunity query',
        'queryAll',
      );
      return records.flatMap((record) => {
        const id = idAt(record, entry.fields.id);
        return id ? [id] : [];
      });
    },

    async getOpportunity(id) {
      // A malformed id is one Salesforce cannot know: no need to ask.
      const id18 = salesforceId18(id);
      if (!id18) return null;
      const entry = MAP.opportunity;
      const records = await query(
        `${selectFrom(entry)} WHERE ${entry.fields.id} = ${soqlString(id18)}`,
        'the Opportunity query',
      );
      return (await snapshotsOf(records))[0] ?? null;
    },

    async hasManualProductLines(id) {
      const f = MAP.lineItem.fields;
      const soql =
        `SELECT ${f.id} FROM ${MAP.lineItem.sobject}` +
        ` WHERE ${f.opportunityId} = ${soqlString(requireOpportunityId(id))}` +
        ` AND ${f.isManual} = true LIMIT 1`;
      return (await query(soql, 'the OpportunityLineItem query')).length > 0;
    },

    async writeBackQuote(opportunityId, quote) {
      const id18 = requireOpportunityId(opportunityId);
      const f = MAP.writeBack.fields;
      // Written by hand so the amount is the exact decimal text, never a float's rendering.
      const body =
        `{${JSON.stringify(f.quoteNumber)}:${JSON.stringify(quote.quoteNumber)},` +
        `${JSON.stringify(f.status)}:${JSON.stringify(quote.status)},` +
        `${JSON.stringify(f.amountMinor)}:${minorUnitsToDecimal(quote.amountMinor)},` +
        `${JSON.stringify(f.currencyCode)}:${JSON.stringify(quote.currencyCode)}` +
        (quote.stage === undefined
          ? ''
          : `,${JSON.stringify(f.stage)}:${JSON.stringify(quote.stage)}`) +
        '}';
      await call<unknown>(
        {
          method: 'PATCH',
          url: `/sobjects/${MAP.writeBack.sobject}/${id18}`,
          body,
          headers: { 'content-type': 'application/json' },
        },
        `the update of Opportunity ${id18}`,
      );
    },
  };
}
