import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import { requirePermission } from '../../lib/access.ts';

/*
 * Who may read and change the exchange rates (issue 35). Finance enters them; whoever may read
 * the cost data behind margins (the deal desk, the margin roles, catalogue admins) reads them too,
 * since costs kept in USD reach a quote's currency through them. Root admins may do all.
 */

export const canEditExchangeRates = (f: PermissionFlags) => f.is_finance || f.is_root_admin;

export const canReadExchangeRates = (f: PermissionFlags) =>
  canEditExchangeRates(f) || f.can_see_margin || f.is_catalog_admin;

export const readsExchangeRates = requirePermission(
  'finance, margin data readers, catalog admin or root admin',
  canReadExchangeRates,
);
export const editsExchangeRates = requirePermission('finance or root admin', canEditExchangeRates);
