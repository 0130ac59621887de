import { inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { termsClauseRules, termsClauseVersions, termsClauses } from '../schema/terms.ts';

/**
 * The standard clauses and clause rules every installation starts with (issue 6). Keyed by code,
 * inserted when missing, never overwritten: admins' edits and withdrawals stand.
 */

interface SeedClause {
  code: string;
  title: string;
  category: string;
  body: string;
}

export const REFERENCE_CLAUSES: readonly SeedClause[] = [
  {
    code: 'PAYMENT_TERMS',
    title: 'Payment terms',
    category: 'Payment',
    body:
      '{contracting_entity} invoices the products and services of quote {quote_number} in {currency}: hardware on shipment, subscriptions and support annually in advance. ' +
      '{customer_name} pays each invoice on payment terms of {payment_term} from the invoice date. Late amounts bear interest at 1% per month, or the highest rate the law permits if lower. ' +
      'Prices exclude sales tax, VAT and similar duties, which are added where they apply.',
  },
  {
    code: 'EXTENDED_PAYMENT',
    title: 'Extended payment terms',
    category: 'Payment',
    body:
      'The payment term of {payment_term} exceeds the standard terms of {contracting_entity} and is granted for quote {quote_number} only, subject to a satisfactory credit review of {customer_name}. ' +
      'Should the credit standing of {customer_name} deteriorate materially, {contracting_entity} may require payment in advance for products not yet shipped and services not yet rendered.',
  },
  {
    code: 'SUBSCRIPTION_TERM',
    title: 'Subscription term and renewal',
    category: 'Subscription',
    body:
      'Subscriptions run for {contract_length} from the contract start date. They renew for successive twelve-month terms at the then-current list price, less the discount of this quote, ' +
      'unless either party gives notice of non-renewal at least sixty days before the end of the current term. Subscriptions cannot be cancelled during a term, and fees paid are not refundable.',
  },
  {
    code: 'ELA_TRUE_UP',
    title: 'Enterprise licence agreement: true-up',
    category: 'Licensing',
    body:
      'During the {contract_length} of this enterprise licence agreement, {customer_name} may deploy the licensed products up to the deployment schedule of quote {quote_number}. ' +
      'Within thirty days of each anniversary, {customer_name} reports its deployment; deployment above the schedule is invoiced as a true-up in {currency} at the unit prices of this quote, prorated to the end of the term. ' +
      'Unused entitlement does not carry over and is not refunded.',
  },
  {
    code: 'SUPPORT_SLA',
    title: 'Support and service levels',
    category: 'Support',
    body:
      'Support is delivered at the {sla} service level: technical assistance through the support portal and by telephone, software updates and, for appliances, advance hardware replacement. ' +
      'Response targets by severity are set out in the Bastion Support Policy current at the start of each term. Service credits are the sole remedy for missed service levels.',
  },
  {
    code: 'HARDWARE_WARRANTY',
    title: 'Hardware appliance warranty',
    category: 'Warranty',
    body:
      '{contracting_entity} warrants that hardware appliances will be free from defects in materials and workmanship for one year from shipment. ' +
      'During that year {contracting_entity} repairs or replaces a defective appliance at its option; with an active support subscription, replacement ships in advance. ' +
      'The warranty does not cover damage from misuse, unauthorised modification or operation outside the published environmental specifications. ' +
      'These are the only warranties; all implied warranties are excluded to the extent the law permits.',
  },
  {
    code: 'ACCEPTANCE',
    title: 'Acceptance',
    category: 'Acceptance',
    body:
      'Products are accepted on delivery. Professional services under quote {quote_number} are accepted when {customer_name} confirms their completion in writing, ' +
      'or ten business days after {contracting_entity} reports completion unless {customer_name} has by then notified a material non-conformity with the agreed statement of work.',
  },
  {
    code: 'LIMITATION_OF_LIABILITY',
    title: 'Limitation of liability',
    category: 'Liability',
    body:
      'Neither {contracting_entity} nor {customer_name} is liable for indirect, incidental, special or consequential damages, or for lost profits, revenue or data, however caused. ' +
      "Each party's total liability arising from this agreement is limited to the amounts paid and payable in the twelve months before the event giving rise to the claim. " +
      'These limits do not apply to liability for death or personal injury caused by negligence, fraud, wilful misconduct, or breach of confidentiality, ' +
      'or to any liability that cannot be limited by law.',
  },
  {
    code: 'PARTNER_RESALE',
    title: 'Partner resale',
    category: 'Partner',
    body:
      'This quote is made for resale by {partner_name} to {customer_name}. The price to {customer_name} is agreed between {partner_name} and {customer_name}; ' +
      '{contracting_entity} invoices {partner_name} only. The end-user licence terms and the support terms of this agreement apply to {customer_name} directly.',
  },
  {
    code: 'PUBLIC_SECTOR',
    title: 'Public-sector terms',
    category: 'Public sector',
    body:
      '{customer_name} is a public body. Where the procurement law that binds {customer_name} requires it, its mandatory terms prevail over this agreement to the extent of any conflict. ' +
      'Obligations to pay in later fiscal years are subject to the appropriation of funds; if funds are not appropriated, {customer_name} may end the affected subscriptions at the end of the funded period on thirty days written notice, ' +
      'without further liability except for products delivered and services rendered.',
  },
  {
    code: 'DATA_PROTECTION',
    title: 'Data protection (DPA)',
    category: 'Data protection',
    body:
      'Where {contracting_entity} processes personal data on behalf of {customer_name} in providing cloud-delivered services or support, it does so as processor under the Bastion Data Processing Addendum, ' +
      'which forms part of this agreement and incorporates the EU Standard Contractual Clauses for transfers outside the European Economic Area. ' +
      '{contracting_entity} keeps appropriate technical and organisational measures and notifies {customer_name} of a personal data breach without undue delay.',
  },
  {
    code: 'EXPORT_CONTROL',
    title: 'Export control',
    category: 'Export',
    body:
      'The products contain encryption technology and are subject to the export control and sanctions laws of the United States, the European Union and the United Kingdom. ' +
      '{customer_name} shall not export, re-export or transfer them to an embargoed destination, to a restricted party, or for a prohibited end use, ' +
      'and shall obtain any licence those laws require.',
  },
  {
    code: 'GOVERNING_LAW',
    title: 'Governing law and jurisdiction',
    category: 'Governing law',
    body:
      'This agreement between {contracting_entity} and {customer_name} is governed by the laws of {governing_law}, excluding its conflict-of-laws rules and the UN Convention on Contracts for the International Sale of Goods. ' +
      'The courts competent for the registered seat of {contracting_entity} have exclusive jurisdiction.',
  },
];

interface SeedRule {
  code: string;
  name: string;
  condition: string;
  effect: 'ATTACH' | 'REQUIRE';
  clause: string;
}

export const REFERENCE_CLAUSE_RULES: readonly SeedRule[] = [
  {
    code: 'ALWAYS_LIABILITY',
    name: 'Every quote limits liability',
    condition: '',
    effect: 'REQUIRE',
    clause: 'LIMITATION_OF_LIABILITY',
  },
  {
    code: 'ALWAYS_GOVERNING_LAW',
    name: 'Every quote names its governing law',
    condition: '',
    effect: 'REQUIRE',
    clause: 'GOVERNING_LAW',
  },
  {
    code: 'PUBLIC_SECTOR',
    name: 'Public-sector customers',
    condition: 'is_public_sector boolean',
    effect: 'REQUIRE',
    clause: 'PUBLIC_SECTOR',
  },
  {
    code: 'ELA_TRUE_UP',
    name: 'Enterprise licence agreements',
    condition: 'quote_type string-equals ELA',
    effect: 'ATTACH',
    clause: 'ELA_TRUE_UP',
  },
  {
    code: 'PAYMENT_TERMS',
    name: 'Quotes with a payment term',
    condition: 'not payment_term_days is-undefined',
    effect: 'ATTACH',
    clause: 'PAYMENT_TERMS',
  },
  {
    code: 'EXTENDED_PAYMENT',
    name: 'Payment terms over 60 days',
    condition: 'payment_term_days int-gt-than 60',
    effect: 'REQUIRE',
    clause: 'EXTENDED_PAYMENT',
  },
  {
    code: 'PARTNER_RESALE',
    name: 'Partner deals',
    condition: 'sales_channel string-not-equals DIRECT',
    effect: 'REQUIRE',
    clause: 'PARTNER_RESALE',
  },
  {
    code: 'EMEA_DPA',
    name: 'EMEA customers',
    condition: 'region string-equals EMEA',
    effect: 'REQUIRE',
    clause: 'DATA_PROTECTION',
  },
  {
    code: 'HARDWARE_WARRANTY',
    name: 'Quotes with hardware',
    condition: 'has_hardware boolean',
    effect: 'ATTACH',
    clause: 'HARDWARE_WARRANTY',
  },
];

/** Inserts the clauses (with their first version) and rules that are missing; runs at every start. */
export async function seedTermsReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(termsClauses)
      .values(REFERENCE_CLAUSES.map((c) => ({ ...c })))
      .onConflictDoNothing();
    const clauses = await tx
      .select({ id: termsClauses.id, code: termsClauses.code })
      .from(termsClauses)
      .where(
        inArray(
          termsClauses.code,
          REFERENCE_CLAUSES.map((c) => c.code),
        ),
      );
    const idByCode = new Map(clauses.map((c) => [c.code, c.id]));
    // Version 1 is the seeded text; a clause already edited keeps its history as it is.
    await tx
      .insert(termsClauseVersions)
      .values(
        REFERENCE_CLAUSES.flatMap((c) => {
          const clauseId = idByCode.get(c.code);
          return clauseId
            ? [
                {
                  clauseId,
                  version: 1,
                  title: c.title,
                  body: c.body,
                  category: c.category,
                  isActive: true,
                },
              ]
            : [];
        }),
      )
      .onConflictDoNothing();
    const rules = REFERENCE_CLAUSE_RULES.flatMap((rule) => {
      const clauseId = idByCode.get(rule.clause);
      return clauseId
        ? [
            {
              code: rule.code,
              name: rule.name,
              condition: rule.condition,
              effect: rule.effect,
              clauseId,
            },
          ]
        : [];
    });
    if (rules.length > 0) await tx.insert(termsClauseRules).values(rules).onConflictDoNothing();
  });
}
