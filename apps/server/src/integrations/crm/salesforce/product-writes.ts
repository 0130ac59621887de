import {
  isEmptyPlan,
  planOpportunityProducts,
  type OpportunityProduct,
  type WrittenOpportunityProduct,
} from '@bastion/domain/crm/opportunity-products';
import type { CrmAdapter } from '../crm-adapter.ts';
import type { SalesforceClient } from './client.ts';
import { SALESFORCE_FIELD_MAP } from './field-map.ts';
import { requireOpportunityId, soqlString } from './queries.ts';
import {
  idAt,
  integerAt,
  isRecord,
  minorUnitsAt,
  minorUnitsToDecimal,
  textAt,
  type SfRecord,
} from './record-values.ts';

/*
 * Issue 37 (part 6, docs/decisions/044): the primary quote's lines as the opportunity's products
 * (OpportunityLineItem). Bastion reads the products it wrote (Bastion_Line_Key__c set), works out
 * what differs (planOpportunityProducts) and sends only that, through the sObject Collections
 * API, all or none per call: writing the same quote twice sends no write at all. Products typed in
 * Salesforce have no key and are never read, changed or removed here.
 */

const MAP = SALESFORCE_FIELD_MAP;
const LINE = MAP.lineItem;
const WRITE = MAP.productWrite;

/** sObject Collections take at most 200 records per call. */
const RECORDS_PER_CALL = 200;

const json = (value: string) => JSON.stringify(value);

/** One record of a collection call; money is written as its exact decimal text. */
function recordJson(fields: Record<string, string>): string {
  const parts = Object.entries(fields).map(([name, value]) => `${json(name)}:${value}`);
  return `{${[`"attributes":{"type":${json(LINE.sobject)}}`, ...parts].join(',')}}`;
}

function chunksOf<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += RECORDS_PER_CALL) {
    chunks.push(items.slice(start, start + RECORDS_PER_CALL));
  }
  return chunks;
}

export function createProductWriter({
  call,
  query,
  unavailable,
}: SalesforceClient): CrmAdapter['writeOpportunityProducts'] {
  /** The products of the opportunity that Bastion wrote, as Salesforce holds them now. */
  async function writtenProducts(opportunityId: string): Promise<WrittenOpportunityProduct[]> {
    const f = LINE.fields;
    const records = await query(
      `SELECT ${f.id}, ${f.bastionLineKey}, ${f.productCode}, ${f.quantity}, ${f.totalPriceMinor}, ${f.description}` +
        ` FROM ${LINE.sobject} WHERE ${f.opportunityId} = ${soqlString(opportunityId)} AND ${f.bastionLineKey} != null`,
      `the ${LINE.sobject} query`,
    );
    return records.flatMap((record) => {
      const id = idAt(record, f.id);
      if (!id) return [];
      return [
        {
          id,
          key: textAt(record, f.bastionLineKey),
          product_code: textAt(record, f.productCode),
          quantity: integerAt(record, f.quantity) ?? 0,
          total_minor: minorUnitsAt(record, f.totalPriceMinor) ?? 0,
          description: textAt(record, f.description),
        },
      ];
    });
  }

  /**
   * The active price book entry of each product code, in the opportunity's price book and
   * currency; gives the opportunity the standard price book first when it has none.
   */
  async function entriesFor(
    opportunityId: string,
    currencyCode: string,
    productCodes: readonly string[],
  ): Promise<Map<string, string>> {
    const [opportunity] = await query(
      `SELECT Id, ${WRITE.opportunityPricebook} FROM ${MAP.opportunity.sobject} WHERE Id = ${soqlString(opportunityId)}`,
      'the Opportunity query',
    );
    if (!opportunity) throw unavailable(`Salesforce has no opportunity ${opportunityId}.`);
    let pricebookId = idAt(opportunity, WRITE.opportunityPricebook);
    if (!pricebookId) {
      const [standard] = await query(
        `SELECT Id FROM ${WRITE.pricebook.sobject} WHERE ${WRITE.pricebook.isStandard} = true LIMIT 1`,
        `the ${WRITE.pricebook.sobject} query`,
      );
      pricebookId = standard ? idAt(standard, 'Id') : null;
      if (!pricebookId) {
        throw unavailable(
          `Opportunity ${opportunityId} has no price book and Salesforce has no standard price book, so its products could not be written.`,
        );
      }
      await call<unknown>(
        {
          method: 'PATCH',
          url: `/sobjects/${MAP.opportunity.sobject}/${opportunityId}`,
          body: `{${json(WRITE.opportunityPricebook)}:${json(pricebookId)}}`,
          headers: { 'content-type': 'application/json' },
        },
        `the update of Opportunity ${opportunityId}`,
      );
    }
    const e = WRITE.entry;
    const entries = new Map<string, string>();
    for (const codes of chunksOf(productCodes)) {
      const records = await query(
        `SELECT ${e.id}, ${e.productCode} FROM ${e.sobject}` +
          ` WHERE ${e.pricebookId} = ${soqlString(pricebookId)} AND ${e.isActive} = true` +
          ` AND ${e.currencyCode} = ${soqlString(currencyCode)}` +
          ` AND ${e.productCode} IN (${codes.map(soqlString).join(', ')})`,
        `the ${e.sobject} query`,
      );
      for (const record of records) {
        const id = idAt(record, e.id);
        if (id) entries.set(textAt(record, e.productCode), id);
      }
    }
    const missing = productCodes.filter((code) => !entries.has(code));
    if (missing.length > 0) {
      throw unavailable(
        `The opportunity's price book in Salesforce has no active ${currencyCode} entry for ${missing.join(', ')}; add ${missing.length === 1 ? 'it' : 'them'}, then sync again.`,
      );
    }
    return entries;
  }

  /** One sObject Collections call; any record refused refuses them all, and says why. */
  async function collection(
    method: 'POST' | 'PATCH' | 'DELETE',
    records: string[] | { ids: string[] },
    what: string,
  ): Promise<void> {
    const request =
      'ids' in records
        ? {
            method,
            url: `/composite/sobjects?ids=${records.ids.join(',')}&allOrNone=true`,
          }
        : {
            method,
            url: '/composite/sobjects',
            body: `{"allOrNone":true,"records":[${records.join(',')}]}`,
            headers: { 'content-type': 'application/json' },
          };
    const results = await call<unknown>(request, what);
    const refusals = (Array.isArray(results) ? results : []).flatMap((result: unknown) => {
      if (!isRecord(result) || result.success === true) return [];
      const errors = Array.isArray(result.errors) ? (result.errors as SfRecord[]) : [];
      // With allOrNone, the records that were fine only say they were rolled back.
      return errors
        .filter((error) => error.statusCode !== 'ALL_OR_NONE_OPERATION_ROLLED_BACK')
        .map((error) => `${textAt(error, 'statusCode')}: ${textAt(error, 'message')}`);
    });
    if (!Array.isArray(results) || refusals.length > 0) {
      throw unavailable(
        `Salesforce refused ${what}: ${refusals[0] ?? 'it answered with something that is not a result list'}.`,
      );
    }
  }

  const changeFields = (product: OpportunityProduct) => ({
    [WRITE.line.quantity]: String(product.quantity),
    [WRITE.line.totalPrice]: minorUnitsToDecimal(product.total_minor),
    [WRITE.line.description]: json(product.description),
  });

  return async function writeOpportunityProducts(id, { currencyCode, products }) {
    const opportunityId = requireOpportunityId(id);
    const plan = planOpportunityProducts(await writtenProducts(opportunityId), products);
    const outcome = {
      created: plan.create.length,
      updated: plan.update.length,
      removed: plan.remove.length,
    };
    if (isEmptyPlan(plan)) return outcome;
    const what = `the products of Opportunity ${opportunityId}`;
    for (const ids of chunksOf(plan.remove)) {
      await collection('DELETE', { ids }, `the removal of ${what}`);
    }
    for (const chunk of chunksOf(plan.update)) {
      const records = chunk.map(({ id, product }) =>
        recordJson({ Id: json(id), ...changeFields(product) }),
      );
      await collection('PATCH', records, `the update of ${what}`);
    }
    if (plan.create.length > 0) {
      const codes = [...new Set(plan.create.map((product) => product.product_code))];
      const entries = await entriesFor(opportunityId, currencyCode, codes);
      for (const chunk of chunksOf(plan.create)) {
        const records = chunk.map((product) =>
          recordJson({
            [WRITE.line.opportunityId]: json(opportunityId),
            [WRITE.line.pricebookEntryId]: json(entries.get(product.product_code) ?? ''),
            [WRITE.line.key]: json(product.key),
            ...changeFields(product),
          }),
        );
        await collection('POST', records, `the creation of ${what}`);
      }
    }
    return outcome;
  };
}
