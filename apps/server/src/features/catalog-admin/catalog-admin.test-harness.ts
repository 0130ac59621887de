import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { auditLog } from '@bastion/db/schema/audit';
import { productFamilies } from '@bastion/db/schema/catalog';
import {
  createTestApp,
  createUser,
  signedIn,
  type TestContext,
  type TestUser,
  signedInAs,
} from '../../test/test-app.ts';
import { dataOfSuccess } from '../../test/answers.ts';

/* What the catalogue administration's tests share: an app, its users, a family of their own. */

export const A = '/api/admin/catalog';

export const unique = () => randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase();

export interface CatalogTestBed {
  ctx: TestContext;
  admin: TestUser;
  cookies: { admin: string; root: string; catalogUser: string; sales: string };
  /** A product family of the file's own, so counts never depend on the demo catalogue. */
  family: string;
}

export async function catalogTestBed(): Promise<CatalogTestBed> {
  const ctx = await createTestApp();
  const admin = await createUser(ctx.db, { roles: [{ role: 'CATALOG_ADMIN' }] });
  const [adminCookie, root, catalogUser, sales] = await Promise.all([
    signedIn(ctx.app, admin),
    signedInAs(ctx, 'ROOT_ADMIN'),
    signedInAs(ctx, 'CATALOG_USER'),
    signedInAs(ctx, 'SALES_USER'),
  ]);
  const family = `FAM_${unique()}`;
  await ctx.db.insert(productFamilies).values({ id: family, name: `Family ${family}` });
  return { ctx, admin, cookies: { admin: adminCookie, root, catalogUser, sales }, family };
}

/** Calls and helpers bound to one test bed; calls go as the catalogue admin unless told. */
export function catalogCalls(bed: CatalogTestBed) {
  const post = (path: string, payload: unknown, cookie = bed.cookies.admin) =>
    bed.ctx.app.inject({
      method: 'POST',
      url: `${A}/${path}`,
      payload: payload as object,
      headers: { cookie },
    });

  async function dataOf<T = Record<string, unknown>>(
    path: string,
    payload: unknown,
    cookie = bed.cookies.admin,
  ): Promise<T> {
    const response = await post(path, payload, cookie);
    return dataOfSuccess<T>(response);
  }

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

  async function auditActions(entityId: string) {
    return bed.ctx.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.entityId, entityId))
      .orderBy(auditLog.id);
  }

  return { post, dataOf, addNode, createSku, auditActions };
}

export type CatalogCalls = ReturnType<typeof catalogCalls>;

/** A bed and its calls: what a test file opens in its beforeAll. */
export async function openCatalogTestBed() {
  const bed = await catalogTestBed();
  return { bed, api: catalogCalls(bed) };
}
