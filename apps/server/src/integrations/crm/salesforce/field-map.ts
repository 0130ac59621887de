import { DEAL_TYPES } from '@bastion/domain/quotes/quote-types';
import type {
  CrmAccount,
  CrmContact,
  CrmLineItem,
  CrmOpportunity,
  CrmTeamMember,
  QuoteWriteBack,
} from '../crm-adapter.ts';

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
      /** The standard picklist: 'Healthcare' withholds ELA when remove_ela_healthcare is on. */
      industry: 'Industry',
      /**
       * A picklist the org adds (issue 35): the customer's segment, such as Public sector or
       * Education; price books made for a segment price its quotes (docs/pricing.md).
       */
      segment: 'Segment__c',
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
      totalPriceMinor: 'TotalPrice',
      description: 'Description',
      /**
       * A text field the org adds, marked External ID and Unique (decision 044): set on the
       * products Bastion writes from the primary quote, which are the only ones it changes.
       */
      bastionLineKey: 'Bastion_Line_Key__c',
    },
  },
  /**
   * What writing the primary quote's products reads besides the line items: a product is added
   * through its active price book entry, in the opportunity's price book (the standard one when
   * the opportunity has none yet) and currency, found by the product code.
   */
  productWrite: {
    opportunityPricebook: 'Pricebook2Id',
    pricebook: { sobject: 'Pricebook2', isStandard: 'IsStandard' },
    entry: {
      sobject: 'PricebookEntry',
      id: 'Id',
      pricebookId: 'Pricebook2Id',
      productCode: 'Product2.ProductCode',
      currencyCode: 'CurrencyIsoCode',
      isActive: 'IsActive',
    },
    /** The fields of OpportunityLineItem a write sets. */
    line: {
      opportunityId: 'OpportunityId',
      pricebookEntryId: 'PricebookEntryId',
      quantity: 'Quantity',
      totalPrice: 'TotalPrice',
      description: 'Description',
      key: 'Bastion_Line_Key__c',
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
  productWrite: object;
  dealTypes: Record<string, string>;
};
