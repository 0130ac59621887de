import { AppError } from '../../../lib/app-error.ts';
import type { CrmAdapter, CrmOpportunitySnapshot } from '../crm-adapter.ts';
import type { SalesforceClient } from './client.ts';
import { SALESFORCE_FIELD_MAP } from './field-map.ts';
import { toSnapshots } from './field-mapping.ts';
import { idAt, minorUnitsToDecimal, salesforceId18, type SfRecord } from './record-values.ts';

/** The SOQL Bastion sends and the records it reads and writes, built from the field map. */

const MAP = SALESFORCE_FIELD_MAP;

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

type Entry = { sobject: string; fields: Readonly<Record<string, string>> };
const selectFrom = (entry: Entry) =>
  `SELECT ${[...new Set(Object.values(entry.fields))].join(', ')} FROM ${entry.sobject}`;

/** For the methods that take an id Bastion stored: a malformed one is a caller's mistake. */
export function requireOpportunityId(id: string): string {
  const id18 = salesforceId18(id);
  if (!id18) {
    throw new AppError('BAD_REQUEST', 'That is not a Salesforce opportunity id.', {
      logMessage: `Not a Salesforce record id: ${JSON.stringify(id.slice(0, 40))}`,
    });
  }
  return id18;
}

/** What the adapter reads and writes: CrmAdapter's methods, plus the probe `ping` runs. */
export type SalesforceQueries = Pick<
  CrmAdapter,
  | 'fetchChangedOpportunities'
  | 'fetchRemovedOpportunityIds'
  | 'getOpportunity'
  | 'hasManualProductLines'
  | 'writeBackQuote'
> & {
  /** One record of each kind a sync reads: proves the session, the access and the fields. */
  readOneOfEach(): Promise<void>;
};

export function createSalesforceQueries({ call, query }: SalesforceClient): SalesforceQueries {
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

  return {
    /** One record of each kind a sync reads: proves the session, the access and the fields. */
    async readOneOfEach() {
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
