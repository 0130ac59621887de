import { quoteStatusLabel, quoteStatusColor } from '@bastion/domain/quotes/status-display';
import { dealTypeName } from '@bastion/domain/quotes/quote-types';
import { deriveSalesChannel } from '@bastion/domain/quotes/sales-channel';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { GRID_MODULES, type GridFilter, type GridModuleName } from './grid-modules.ts';
import {
  listVisibleOpportunities,
  listVisibleOpportunityOwners,
  listVisibleQuoteOwners,
  listVisibleQuotes,
  type OpportunityGridQuery,
  type QuoteGridQuery,
} from './quotes.repository.ts';
import { viewerOf, type Viewer } from '../../core/quotes/visibility.repository.ts';
import { targetPathOfQuote } from '../../core/quotes/quote-target-path.ts';
import { pageOf, pageWindow } from '../../lib/db/paging.ts';

export interface GridRequest {
  module_name: GridModuleName;
  opp_id?: string | undefined;
  search?: string | undefined;
  filters: {
    status?: string[] | undefined;
    quote_type?: string[] | undefined;
    region?: string[] | undefined;
    deal_type?: string[] | undefined;
    owner?: string[] | undefined;
    date_from?: string | undefined;
    date_to?: string | undefined;
  };
  sort?: { field: string; direction: 'asc' | 'desc' } | undefined;
  page: number;
  page_size: number;
}

type Cell = string | number | boolean | null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One page of a grid module for the caller, within their visibility scope. */
export async function listGridRows(db: Database, caller: AuthContext, request: GridRequest) {
  const module = GRID_MODULES[request.module_name];
  const viewer = viewerOf(caller);
  const window = pageWindow(request);
  const sortable = new Set(module.columns.flatMap((c) => ('sort' in c && c.sort ? [c.sort] : [])));
  const sortField = request.sort && sortable.has(request.sort.field) ? request.sort.field : null;
  const direction = request.sort?.direction ?? 'desc';
  const base = {
    module_name: request.module_name,
    title: module.title,
    columns: module.columns,
    filters: await withOwnerOptions(db, viewer, request.module_name, module.filters),
    date_label: module.dateLabel,
    ...pageOf(request),
  };
  /** The page: its header, the count the query found, and each row's cells. */
  const answer = <Row, Cells extends Record<string, Cell>>(
    found: { rows: Row[]; total: number; isTotalCapped: boolean },
    cellsOf: (row: Row) => Cells,
  ) => ({
    ...base,
    total: found.total,
    total_is_capped: found.isTotalCapped,
    rows: found.rows.map(cellsOf),
  });

  if (request.module_name === 'opportunities') {
    const found = await listVisibleOpportunities(db, viewer, {
      search: request.search,
      regions: request.filters.region,
      dealTypes: request.filters.deal_type,
      ownerEmails: request.filters.owner,
      closeFrom: request.filters.date_from,
      closeTo: request.filters.date_to,
      sort: {
        field: (sortField ?? 'modified_on') as OpportunityGridQuery['sort']['field'],
        direction,
      },
      ...window,
    });
    return answer(found, ({ opportunity: o, accountName }) => ({
      id: o.id,
      name: o.name,
      account_name: accountName,
      region: o.region,
      deal_type: dealTypeName(o.dealType) ?? o.dealType,
      sales_channel: deriveSalesChannel({
        partner: { id: o.partnerAccountId },
        distributor: { id: o.distributorAccountId },
      }),
      stage: o.stage,
      amount: o.amountMinor,
      currency_code: o.currencyCode,
      close_date: o.closeDate,
      create_quote: `/cpq/create-quote/new/${encodeURIComponent(o.id)}/STANDARD`,
    }));
  }

  const owners = request.filters.owner;
  if (owners?.some((owner) => !UUID.test(owner))) {
    throw new AppError('BAD_REQUEST', 'The owner filter names someone who is not a user.');
  }
  const found = await listVisibleQuotes(db, viewer, {
    search: request.search,
    statuses: request.filters.status,
    quoteTypes: request.filters.quote_type,
    regions: request.filters.region,
    ownerUserId: request.module_name === 'my-quotes' ? caller.userId : undefined,
    ownerUserIds: owners,
    opportunityId: request.opp_id,
    updatedFrom: request.filters.date_from
      ? new Date(`${request.filters.date_from}T00:00:00Z`)
      : undefined,
    updatedTo: request.filters.date_to
      ? new Date(`${request.filters.date_to}T23:59:59.999Z`)
      : undefined,
    sort: { field: (sortField ?? 'updated_at') as QuoteGridQuery['sort']['field'], direction },
    ...window,
  });
  return answer(found, ({ quote: q, owner }) => ({
    id: q.id,
    quote_number: q.quoteNumber,
    quote_name: q.quoteName,
    account_name: q.accountName,
    quote_type: q.quoteType,
    status: quoteStatusLabel(q.statusId),
    status_tone: quoteStatusColor(q.statusId),
    region: q.region,
    owner: owner ? fullName(owner.firstName, owner.lastName, owner.email) : '',
    owner_id: q.ownerUserId,
    total: q.totalAmountMinor,
    currency_code: q.currencyCode,
    updated_at: q.updatedAt.toISOString(),
    target_path: targetPathOfQuote(q),
  }));
}

const fullName = (first: string, last: string, email: string) => `${first} ${last}`.trim() || email;

/** The owner filter offers the owners of what the viewer can see, and no one else. */
async function withOwnerOptions(
  db: Database,
  viewer: Viewer,
  moduleName: GridModuleName,
  filters: readonly GridFilter[],
): Promise<GridFilter[]> {
  if (!filters.some((f) => f.key === 'owner')) return [...filters];
  const options =
    moduleName === 'opportunities'
      ? (await listVisibleOpportunityOwners(db, viewer)).map((o) => ({
          value: o.email,
          label: o.name || o.email,
        }))
      : (await listVisibleQuoteOwners(db, viewer)).map((u) => ({
          value: u.id,
          label: fullName(u.firstName, u.lastName, u.email),
        }));
  return filters.map((f) => (f.key === 'owner' ? { ...f, options } : f));
}
