import type { z } from 'zod';
import type { ContractsPage, ZContractsBody } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { summaryRowOf, todayIso } from '../../core/renewals/contracts.repository.ts';
import { viewerOf } from '../../core/quotes/visibility.repository.ts';
import { listVisibleContracts } from './renewals.repository.ts';

type ContractsQuery = z.output<typeof ZContractsBody>;

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
  const { rows, total, regions, csms, cams } = await listVisibleContracts(
    db,
    viewerOf(caller),
    query,
    today,
  );
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
