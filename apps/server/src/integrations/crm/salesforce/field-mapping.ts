import { canonicalRegion } from '@bastion/domain/permissions/visibility';
import { dealTypeCode } from '@bastion/domain/quotes/quote-types';
import type {
  CrmAccount,
  CrmContact,
  CrmLineItem,
  CrmOpportunity,
  CrmOpportunitySnapshot,
  CrmTeamMember,
} from '../crm-adapter.ts';
import { SALESFORCE_FIELD_MAP } from './field-map.ts';
import {
  dateAt,
  emailAt,
  idAt,
  instantAt,
  integerAt,
  isCheckedAt,
  minorUnitsAt,
  nullableTextAt,
  percentAt,
  textAt,
  type SfRecord,
} from './record-values.ts';

/** Salesforce records to Bastion's rows, by the field map. */

const MAP = SALESFORCE_FIELD_MAP;

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
    industry: textAt(record, f.industry),
    segment: textAt(record, f.segment),
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
    totalPriceMinor: minorUnitsAt(record, f.totalPriceMinor),
    description: textAt(record, f.description),
    bastionLineKey: nullableTextAt(record, f.bastionLineKey),
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
export function toSnapshots(
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
