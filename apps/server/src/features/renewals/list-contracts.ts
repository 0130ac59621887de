import { and, asc, count, eq, gte, lte, ne, notInArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { addDays } from '@bastion/domain/renewals/proration';
import type { ContractsPage, ZContractsBody } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import { quotes } from '@bastion/db/schema/quotes';
import { contracts } from '@bastion/db/schema/quotes';
import type { AuthContext } from '../../lib/access.ts';
import {
  contractStatusSql,
  selectContractSummaries,
  summaryRowOf,
  todayIso,
} from '../../lib/contracts.ts';
import { containsText, countOf } from '../../lib/queries.ts';
import { contractVisibleTo, viewerOf } from '../../lib/visibility.ts';

type ContractsQuery = z.output<typeof ZContractsBody>;

// contractStatusSql reads the renewal quote under this alias: the count joins it the same way.
const renewalQuote = alias(quotes, 'renewal_quote');

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
 * POST /api/dx/renewals/contracts: the renewals desk (issue 18). Contracts the caller may see,
 * filtered, by end date then id, a page at a time; with the filter bar's choices and what the
 * caller may do from the desk.
 */
export async function listContracts(
  db: Database,
  caller: AuthContext,
  query: ContractsQuery,
): Promise<ContractsPage> {
  const today = todayIso();
  const scope = contractVisibleTo(viewerOf(caller));
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
  const flags = caller.permissions;
  return {
    rows: rows.map((row) => summaryRowOf(row, today)),
    total,
    page: query.page,
    page_size: query.page_size,
    regions,
    csms,
    cams,
    can_create_renewal: flags.can_create_quote,
    can_create_coterm: flags.can_create_coterm_quote,
    can_import: flags.is_deal_desk_admin || flags.is_it_admin || flags.is_root_admin,
  };
}
