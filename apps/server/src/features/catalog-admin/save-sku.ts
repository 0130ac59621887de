import type { Database } from '@bastion/db/client';
import type { SaveSkuInput, SkuDetail } from './catalog-admin.schemas.ts';
import {
  countQuoteLinesOf,
  findFamily,
  findNode,
  insertSku,
  lockSkus,
  updateSku,
  type SkuRow,
} from './catalog-admin.repository.ts';
import { getSku } from './get-sku.ts';
import {
  conflictOn,
  invalidField,
  isUniqueViolation,
  skuNotFound,
} from './catalog-admin-errors.ts';

const quoteLinesText = (n: number) => (n === 1 ? '1 quote line' : `${n} quote lines`);

/** The family and product line must exist, and a line kept for one family takes only its SKUs. */
async function requirePlacement(db: Database, input: SaveSkuInput) {
  const [family, node] = await Promise.all([
    findFamily(db, input.family_id),
    findNode(db, input.hierarchy_node_id),
  ]);
  if (!family) throw invalidField('family_id', `There is no product family ${input.family_id}.`);
  if (!node) {
    throw invalidField(
      'hierarchy_node_id',
      'That product line no longer exists: choose another one.',
    );
  }
  if (node.familyId !== null && node.familyId !== family.id) {
    const nodeFamily = await findFamily(db, node.familyId);
    throw invalidField(
      'hierarchy_node_id',
      `${node.name} holds ${nodeFamily?.name ?? node.familyId} products: choose a product line of ${family.name}, or another family.`,
    );
  }
}

/** What changed, for the audit trail. */
function changedFields(before: SkuRow, after: Omit<SkuRow, 'sku' | 'updatedAt'>) {
  return (Object.keys(after) as (keyof typeof after)[]).filter((key) => before[key] !== after[key]);
}

/**
 * Adds a SKU (is_new) or changes one. A SKU on a quote line keeps its kind: the line was priced
 * and configured as that kind.
 */
export async function saveSku(
  db: Database,
  input: SaveSkuInput,
  now: Date = new Date(),
): Promise<SkuDetail & { isCreated: boolean; changed: string[] }> {
  const fields = {
    name: input.name,
    description: input.description,
    kind: input.kind,
    billing: input.billing,
    familyId: input.family_id,
    hierarchyNodeId: input.hierarchy_node_id,
    size: input.size,
    pricingModel: input.pricing_model,
    isShippable: input.is_shippable,
    isActive: input.is_active,
  };
  const changed = await db.transaction(async (tx) => {
    await requirePlacement(tx, input);
    const [existing] = await lockSkus(tx, [input.sku]);
    if (input.is_new) {
      if (existing) {
        throw conflictOn(
          'sku',
          `There is already a SKU ${input.sku} (${existing.name}). Choose another code, or open it to edit it.`,
        );
      }
      try {
        await insertSku(tx, { sku: input.sku, ...fields, updatedAt: now });
      } catch (error) {
        // Somebody added the same code a moment ago.
        if (isUniqueViolation(error))
          throw conflictOn('sku', `There is already a SKU ${input.sku}.`);
        throw error;
      }
      return [];
    }
    if (!existing) throw skuNotFound(input.sku);
    if (existing.kind !== input.kind) {
      const lines = await countQuoteLinesOf(tx, existing.sku);
      if (lines > 0) {
        throw conflictOn(
          'kind',
          `${existing.sku} is on ${quoteLinesText(lines)}, so its kind stays ${existing.kind}.`,
        );
      }
    }
    await updateSku(tx, existing.sku, { ...fields, updatedAt: now });
    return changedFields(existing, fields);
  });
  return { ...(await getSku(db, input.sku, now)), isCreated: input.is_new, changed };
}
