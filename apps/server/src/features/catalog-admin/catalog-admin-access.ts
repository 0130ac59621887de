import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import { requirePermission } from '../../lib/access.ts';

/*
 * Who may do what (spec §6, decision 002): the catalogue grid is for everyone with a catalog
 * role; the hierarchy, prices and SKU edits are the catalogue admins'. Root admins may do all.
 */
export const canReadCatalogGrid = (f: PermissionFlags) => f.has_catalog_role || f.is_root_admin;
export const canAdministerCatalog = (f: PermissionFlags) => f.is_catalog_admin || f.is_root_admin;

export const readsGrid = requirePermission('read the catalogue grid', canReadCatalogGrid);
export const administers = requirePermission('administer the catalogue', canAdministerCatalog);

export { IMPORT_BODY_LIMIT } from '@bastion/domain/api/csv-import-body';

/** Where the catalogue administration's routes live. */
export const CATALOG_ADMIN_BASE = '/api/admin/catalog';
