import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import { requirePermission } from '../../lib/access.ts';

/*
 * Who may read and change the cost data behind margins and the approval SKUs (spec §6,
 * decision 010). "Editing margin" (can_edit_margin) is editing these costs: a line's margin
 * follows from them, nobody types a margin in.
 */

export const canReadMarginData = (f: PermissionFlags) =>
  f.can_see_margin || f.is_catalog_admin || f.is_root_admin;

export const canEditMarginData = (f: PermissionFlags) =>
  f.can_edit_margin || f.is_catalog_admin || f.is_root_admin;

/** The deal desk checks quotes against the list; the catalogue's admins keep it. */
export const canReadApprovalSkus = (f: PermissionFlags) =>
  f.is_deal_desk_user || f.is_catalog_admin || f.is_root_admin;

export const canEditApprovalSkus = (f: PermissionFlags) =>
  f.is_deal_desk_admin || f.is_catalog_admin || f.is_root_admin;

export const readsMarginData = requirePermission('read margin data', canReadMarginData);
export const editsMarginData = requirePermission('edit margin data', canEditMarginData);
export const readsApprovalSkus = requirePermission('read approval SKUs', canReadApprovalSkus);
export const editsApprovalSkus = requirePermission('edit approval SKUs', canEditApprovalSkus);
