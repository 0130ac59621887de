import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CONTRACT_STATUS_LABELS, type ContractStatus } from '@bastion/domain/renewals/model';
import type {
  ContractDetail,
  ContractSummary,
  Entitlement,
} from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import { skus } from '@bastion/db/schema/catalog';
import { type ContractRow, contracts, entitlements, quotes } from '@bastion/db/schema/quotes';
import { appNow } from '../../lib/clock.ts';
import { targetPathOfQuote } from '../quotes/quote-target-path.ts';
import { contractVisibleTo, type Viewer } from '../quotes/visibility.repository.ts';

/**
 * Reading the installed base (issue 18): contracts as the renewals desk, the installed-base
 * panels and the renewal configurators show them. Shared by the renewals and quotes features.
 */

/** Today as an ISO date, by the app clock (browser tests move it). */
export const todayIso = (now: Date = appNow()) => now.toISOString().slice(0, 10);

const renewalQuote = alias(quotes, 'renewal_quote');

/** The derived status: lost, renewed, a renewal quote in progress (not archived), or not started. */
export const contractStatusSql: SQL<ContractStatus> = sql<ContractStatus>`case
  when ${contracts.lostAt} is not null then 'LOST'
  when ${contracts.renewedAt} is not null then 'RENEWED'
  when ${renewalQuote.id} is not null and ${renewalQuote.statusId} <> 'ARCHIVED' then 'IN_PROGRESS'
  else 'NOT_STARTED' end`;

/** A year of what runs on the end date: ANNUAL entitlements ending with the contract. */
export const amountToRenewSql = sql<string>`coalesce((
  select sum(${entitlements.quantity}::bigint * ${entitlements.unitNetMinor})
  from ${entitlements} join ${skus} on ${skus.sku} = ${entitlements.sku}
  where ${entitlements.contractId} = ${contracts.id}
    and ${entitlements.endDate} = ${contracts.endDate}
    and ${skus.billing} = 'ANNUAL'), 0)`;

const lineCountSql = sql<number>`(select count(*)::int from ${entitlements}
  where ${entitlements.contractId} = ${contracts.id})`;

/** Days from `today` to the ISO date `end` (negative once it has passed). */
export const daysBetween = (today: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

/** The summary columns, joined with the renewal quote: use with `summaryRowOf`. */
export function selectContractSummaries(db: Database) {
  return db
    .select({
      contract: contracts,
      status: contractStatusSql,
      amountToRenew: amountToRenewSql,
      lineCount: lineCountSql,
      renewalQuote: {
        id: renewalQuote.id,
        quoteNumber: renewalQuote.quoteNumber,
        quoteType: renewalQuote.quoteType,
        dealType: renewalQuote.dealType,
        statusId: renewalQuote.statusId,
        preArchiveStatusId: renewalQuote.preArchiveStatusId,
        isCoterm: renewalQuote.isCoterm,
        isRenewal: renewalQuote.isRenewal,
      },
    })
    .from(contracts)
    .leftJoin(renewalQuote, eq(renewalQuote.id, contracts.renewalQuoteId))
    .$dynamic();
}

type SummaryRow = Awaited<
  ReturnType<ReturnType<typeof selectContractSummaries>['execute']>
>[number];

export function summaryRowOf(row: SummaryRow, today: string): ContractSummary {
  const { contract, renewalQuote: quote } = row;
  return {
    id: contract.id,
    contract_number: contract.contractNumber,
    account_id: contract.accountId,
    account_name: contract.accountName,
    region: contract.region,
    opportunity_id: contract.opportunityId,
    currency_code: contract.currencyCode,
    start_date: contract.startDate,
    end_date: contract.endDate,
    days_to_end: daysBetween(today, contract.endDate),
    status: row.status,
    status_label: CONTRACT_STATUS_LABELS[row.status],
    csm_name: contract.csmName,
    cam_name: contract.camName,
    origin: contract.origin,
    amount_to_renew_minor: Number(row.amountToRenew),
    line_count: row.lineCount,
    renewal_quote:
      quote === null
        ? null
        : {
            id: quote.id,
            quote_number: quote.quoteNumber,
            status_id: quote.statusId,
            target_path: targetPathOfQuote(quote),
          },
    lost_reason: contract.lostReason,
  };
}

/** Contract summaries matching `where` (the caller adds scoping), by end date. */
export async function readContractSummaries(
  db: Database,
  where: SQL | undefined,
  today: string = todayIso(),
): Promise<ContractSummary[]> {
  const rows = await selectContractSummaries(db)
    .where(where)
    .orderBy(asc(contracts.endDate), asc(contracts.id));
  return rows.map((row) => summaryRowOf(row, today));
}

/** The entitlements of these contracts, by contract, each by end date then SKU. */
export async function readEntitlements(
  db: Database,
  contractIds: readonly string[],
): Promise<Map<string, Entitlement[]>> {
  const byContract = new Map<string, Entitlement[]>();
  if (contractIds.length === 0) return byContract;
  const rows = await db
    .select({
      entitlement: entitlements,
      skuName: skus.name,
      billing: skus.billing,
      successorSku: skus.successorSku,
      sourceQuoteNumber: quotes.quoteNumber,
    })
    .from(entitlements)
    .innerJoin(skus, eq(skus.sku, entitlements.sku))
    .leftJoin(quotes, eq(quotes.id, entitlements.sourceQuoteId))
    .where(inArray(entitlements.contractId, [...contractIds]))
    .orderBy(asc(entitlements.endDate), asc(entitlements.sku), asc(entitlements.id));
  for (const row of rows) {
    const e = row.entitlement;
    const list = byContract.get(e.contractId) ?? [];
    list.push({
      id: e.id,
      sku: e.sku,
      sku_name: row.skuName,
      billing: row.billing,
      quantity: e.quantity,
      start_date: e.startDate,
      end_date: e.endDate,
      unit_net_minor: e.unitNetMinor,
      currency_code: e.currencyCode,
      successor_sku: row.successorSku,
      source_quote_id: e.sourceQuoteId,
      source_quote_number: row.sourceQuoteNumber,
    });
    byContract.set(e.contractId, list);
  }
  return byContract;
}

/** Contracts matching `where` with their entitlements. */
export async function readContractDetails(
  db: Database,
  where: SQL | undefined,
  today: string = todayIso(),
): Promise<ContractDetail[]> {
  const summaries = await readContractSummaries(db, where, today);
  const lines = await readEntitlements(
    db,
    summaries.map((s) => s.id),
  );
  return summaries.map((summary) => ({ ...summary, entitlements: lines.get(summary.id) ?? [] }));
}

/** One contract with its lines, by id; undefined when there is none. */
export async function readContractDetail(db: Database, id: string) {
  const [detail] = await readContractDetails(db, eq(contracts.id, id));
  return detail;
}

/** One contract's summary, by id; undefined when there is none. */
export async function readContractSummary(db: Database, id: string) {
  const [summary] = await readContractSummaries(db, eq(contracts.id, id));
  return summary;
}

/** The contract if the viewer may see it; null when absent or out of scope alike (404). */
export async function findVisibleContract(
  db: Database,
  viewer: Viewer,
  id: string,
): Promise<ContractRow | null> {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, id), contractVisibleTo(viewer)));
  return row ?? null;
}
