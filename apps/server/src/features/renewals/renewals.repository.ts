import {
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { addDays } from '@bastion/domain/renewals/proration';
import type { ZContractsBody } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import { skus } from '@bastion/db/schema/catalog';
import { crmAccounts, crmOpportunities } from '@bastion/db/schema/crm';
import { contracts, entitlements, quotes } from '@bastion/db/schema/quotes';
import {
  contractStatusSql,
  readContractDetails,
  selectContractSummaries,
} from '../../core/renewals/contracts.repository.ts';
import {
  contractVisibleTo,
  opportunityVisibleTo,
  type Viewer,
} from '../../core/quotes/visibility.repository.ts';
import { containsText, countOf } from '../../lib/db/queries.ts';

/** Queries of the renewals feature: no decisions here, only reads and writes. */

type ContractsQuery = z.output<typeof ZContractsBody>;

// contractStatusSql reads the renewal quote under this alias: the count joins it the same way.
const renewalQuote = alias(quotes, 'renewal_quote');

/** The contracts of an account with their lines. */
export async function readAccountContractDetails(db: Database, accountId: string) {
  return readContractDetails(db, eq(contracts.accountId, accountId));
}

/** An opportunity the viewer may see, with its account; undefined otherwise. */
export async function findVisibleOpportunityAccount(
  db: Database,
  viewer: Viewer,
  opportunityId: string,
) {
  const [opportunity] = await db
    .select({ accountId: crmOpportunities.accountId, accountName: crmAccounts.name })
    .from(crmOpportunities)
    .leftJoin(crmAccounts, eq(crmAccounts.id, crmOpportunities.accountId))
    .where(and(eq(crmOpportunities.id, opportunityId), opportunityVisibleTo(db, viewer)));
  return opportunity;
}

/** The end-date window: up to N days ahead; passed ones only while still to be renewed. */
function endWindow(query: ContractsQuery, today: string): SQL | undefined {
  const upTo =
    query.ends_within_days === null
      ? undefined
      : lte(contracts.endDate, addDays(today, query.ends_within_days));
  if (!query.include_overdue) return and(upTo, gte(contracts.endDate, today));
  if (upTo === undefined) return undefined;
  // Overdue: ended, and neither renewed nor lost.
  return and(
    upTo,
    or(gte(contracts.endDate, today), notInArray(contractStatusSql, ['RENEWED', 'LOST'])),
  );
}

function filtersOf(query: ContractsQuery, today: string): SQL | undefined {
  return and(
    containsText(query.search, contracts.contractNumber, contracts.accountName),
    endWindow(query, today),
    query.region ? eq(contracts.region, query.region) : undefined,
    query.account
      ? or(
          eq(contracts.accountId, query.account),
          containsText(query.account, contracts.accountName),
        )
      : undefined,
    containsText(query.csm, contracts.csmName),
    containsText(query.cam, contracts.camName),
    query.status === null ? undefined : eq(contractStatusSql, query.status),
  );
}

/** Distinct non-blank values of a column over the visible contracts, sorted. */
async function choicesOf(
  db: Database,
  column: typeof contracts.region | typeof contracts.csmName | typeof contracts.camName,
  scope: SQL | undefined,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ value: column })
    .from(contracts)
    .where(and(scope, ne(column, '')))
    .orderBy(asc(column));
  return rows.map((row) => row.value);
}

/**
 * The contracts the viewer may see, filtered, by end date then id, one page of them; with their
 * count and the filter bar's choices.
 */
export async function listVisibleContracts(
  db: Database,
  viewer: Viewer,
  query: ContractsQuery,
  today: string,
) {
  const scope = contractVisibleTo(viewer);
  const where = and(scope, filtersOf(query, today));
  const [rows, total, regions, csms, cams] = await Promise.all([
    selectContractSummaries(db)
      .where(where)
      .orderBy(asc(contracts.endDate), asc(contracts.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    countOf(
      db
        .select({ n: count() })
        .from(contracts)
        .leftJoin(renewalQuote, eq(renewalQuote.id, contracts.renewalQuoteId))
        .where(where),
    ),
    choicesOf(db, contracts.region, scope),
    choicesOf(db, contracts.csmName, scope),
    choicesOf(db, contracts.camName, scope),
  ]);
  return { rows, total, regions, csms, cams };
}

/**
 * Marks a contract lost, only while neither lost nor renewed (so two people marking it at once
 * record one loss): false when it changed meanwhile.
 */
export async function markContractLostIfOpen(
  db: Database,
  contractId: string,
  loss: { reason: string; userId: string; now: Date },
): Promise<boolean> {
  const updated = await db
    .update(contracts)
    .set({ lostAt: loss.now, lostReason: loss.reason, lostBy: loss.userId, updatedAt: loss.now })
    .where(and(eq(contracts.id, contractId), isNull(contracts.lostAt), isNull(contracts.renewedAt)))
    .returning({ id: contracts.id });
  return updated.length > 0;
}

const INSERT_CHUNK = 1000;

/** The CRM accounts among these ids, with their names. */
export async function listAccountNames(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: crmAccounts.id, name: crmAccounts.name })
    .from(crmAccounts)
    .where(inArray(crmAccounts.id, [...ids]));
}

/** The CRM opportunities among these ids, with their accounts. */
export async function listOpportunityAccounts(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: crmOpportunities.id, accountId: crmOpportunities.accountId })
    .from(crmOpportunities)
    .where(inArray(crmOpportunities.id, [...ids]));
}

/** The catalogue's SKUs among these. */
export async function listKnownSkus(db: Database, codes: readonly string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ sku: skus.sku })
    .from(skus)
    .where(inArray(skus.sku, [...codes]));
}

/** The contract numbers among these that a contract already has. */
export async function listTakenContractNumbers(db: Database, numbers: readonly string[]) {
  if (numbers.length === 0) return [];
  return db
    .select({ contractNumber: contracts.contractNumber })
    .from(contracts)
    .where(inArray(contracts.contractNumber, [...numbers]));
}

/** Inserts contracts a chunk at a time (one connection: call it in the import's transaction). */
export async function insertContracts(
  tx: Database,
  rows: readonly (typeof contracts.$inferInsert)[],
): Promise<{ id: string; contractNumber: string }[]> {
  const inserted: { id: string; contractNumber: string }[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    inserted.push(
      ...(await tx
        .insert(contracts)
        .values(rows.slice(i, i + INSERT_CHUNK))
        .returning({ id: contracts.id, contractNumber: contracts.contractNumber })),
    );
  }
  return inserted;
}

/** Inserts entitlements a chunk at a time. */
export async function insertEntitlements(
  tx: Database,
  rows: readonly (typeof entitlements.$inferInsert)[],
) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tx.insert(entitlements).values(rows.slice(i, i + INSERT_CHUNK));
  }
}
