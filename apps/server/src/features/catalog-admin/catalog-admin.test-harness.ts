import { randomUUID } from 'node:crypto';
import { productFamilies } from '@bastion/db/schema/catalog';
import { afterAll } from 'vitest';
import { auditActionsOf } from '../../test/audit.ts';
import { openBeforeAll, openTestBed, postCalls, type TestBed } from '../../test/test-bed.ts';

/* What the catalogue administration's tests share: an app, its users, a family of their own. */

export const A = '/api/admin/catalog';

export const unique = () => randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase();

type Who = 'admin' | 'root' | 'catalogUser' | 'sales';

export interface CatalogTestBed extends TestBed<Who> {
  /** A product family of the file's own, so counts never depend on the demo catalogue. */
  family: string;
}

export async function catalogTestBed(): Promise<CatalogTestBed> {
  const bed = await openTestBed({
    admin: 'CATALOG_ADMIN',
    root: 'ROOT_ADMIN',
    catalogUser: 'CATALOG_USER',
    sales: 'SALES_USER',
  });
  const family = `FAM_${unique()}`;
  await bed.ctx.db.insert(productFamilies).values({ id: family, name: `Family ${family}` });
  return { ...bed, family };
}

/** Calls and helpers bound to one test bed; calls go as the catalogue admin unless told. */
export function catalogCalls(bed: CatalogTestBed) {
  const { post, dataOf } = postCalls(bed, 'admin', `${A}/`);

  const addNode = (name: string, parentId: string | null = null, extra = {}) =>
    dataOf<{ id: string; name: string; sort_order: number }>('hierarchy/add', {
      name,
      parent_id: parentId,
      ...extra,
    });

  /** A SKU of the bed's family on a line of its own. */
  async function createSku(extra: Record<string, unknown> = {}) {
    const line = await addNode(`Line ${unique()}`, null, { family_id: bed.family });
    const code = `T-${unique()}`;
    await dataOf('skus/save', {
      is_new: true,
      sku: code,
      name: `Test SKU ${code}`,
      kind: 'HARDWARE',
      billing: 'ONE_TIME',
      family_id: bed.family,
      hierarchy_node_id: line.id,
      is_shippable: true,
      is_active: true,
      ...extra,
    });
    return code;
  }

  /** The editor's whole body for an existing SKU: the SKU as it is, with the changes. */
  async function editBodyOf(code: string, changes: Record<string, unknown>) {
    const sku = await dataOf<Record<string, unknown>>('skus/get', { sku: code });
    return {
      is_new: false,
      sku: code,
      name: sku.name,
      kind: sku.kind,
      billing: sku.billing,
      family_id: sku.family_id,
      hierarchy_node_id: sku.hierarchy_node_id,
      is_shippable: sku.is_shippable,
      is_active: sku.is_active,
      successor_sku: sku.successor_sku,
      ...changes,
    };
  }

  const auditActions = (entityId: string) => auditActionsOf(bed.ctx.db, entityId);

  return { post, dataOf, addNode, createSku, editBodyOf, auditActions };
}

export type CatalogCalls = ReturnType<typeof catalogCalls>;

/** The file's bed, opened in its beforeAll and closed in its afterAll, and its calls. */
export function useCatalogTestBed() {
  const bed = openBeforeAll(catalogTestBed);
  afterAll(() => bed.ctx.app.close());
  return { bed, api: catalogCalls(bed) };
}
