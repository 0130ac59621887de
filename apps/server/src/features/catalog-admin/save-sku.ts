import { SKU_ATTRIBUTE_VALUES, type SkuAttributes } from '@bastion/domain/product-rules/model';
import { storedSkuAttributes } from '@bastion/domain/product-rules/schemas';
import type { Database } from '@bastion/db/client';
import type { SaveSkuInput, SkuDetail } from '@bastion/domain/catalog/admin-api';
import {
  countQuoteLinesOf,
  findFamily,
  findNode,
  insertSku,
  listBundlesHolding,
  listComponentsOf,
  lockSkus,
  updateSku,
  type SkuRow,
} from './catalog-admin.repository.ts';
import { getSku } from './get-sku.ts';
import { requireSuccessorStaysSingle, requireValidSuccessor } from './successor-sku.ts';
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

const listed = (codes: readonly string[]) =>
  codes.length <= 3
    ? codes.join(', ')
    : `${codes.slice(0, 3).join(', ')} and ${codes.length - 3} more`;

/**
 * A bundle's components are active SKUs that are not bundles (decision 010): a change to a SKU
 * that would break that for a bundle is refused with what to do first.
 */
async function requireBundlesStayWhole(db: Database, existing: SkuRow, input: SaveSkuInput) {
  if (existing.kind === 'BUNDLE' && input.kind !== 'BUNDLE') {
    const components = await listComponentsOf(db, existing.sku);
    if (components.length > 0) {
      throw conflictOn(
        'kind',
        components.length === 1
          ? `${existing.sku} is a bundle of 1 component: remove it first to change its kind.`
          : `${existing.sku} is a bundle of ${components.length} components: remove them first to change its kind.`,
      );
    }
  }
  const isBecomingBundle = input.kind === 'BUNDLE' && existing.kind !== 'BUNDLE';
  const isBeingRetired = existing.isActive && !input.is_active;
  if (!isBecomingBundle && !isBeingRetired) return;
  const holders = await listBundlesHolding(db, existing.sku);
  if (isBecomingBundle && holders.length > 0) {
    throw conflictOn(
      'kind',
      `${existing.sku} is a component of ${listed(holders.map((b) => b.sku))}: a bundle cannot go into another bundle. Take it out of ${holders.length === 1 ? 'that bundle' : 'those bundles'} first.`,
    );
  }
  // Read, not locked: a bundle save locks its components, and this SKU is locked already.
  const activeHolders = holders.filter((b) => b.isActive).map((b) => b.sku);
  if (isBeingRetired && activeHolders.length > 0) {
    throw conflictOn(
      'is_active',
      activeHolders.length === 1
        ? `${existing.sku} is a component of the active bundle ${activeHolders[0]}: take it out of that bundle, or make the bundle inactive, first.`
        : `${existing.sku} is a component of the active bundles ${listed(activeHolders)}: take it out of those bundles, or make them inactive, first.`,
    );
  }
}

/** What changed, for the audit trail. */
export function changedFields(before: SkuRow, after: Omit<SkuRow, 'sku' | 'updatedAt'>) {
  return (Object.keys(after) as (keyof typeof after)[]).filter((key) =>
    key === 'attributes'
      ? !sameAttributes(before.attributes, after.attributes)
      : before[key] !== after[key],
  );
}

/** Attributes as text to compare: keys in one order, and no port types the same as none. */
function attributesKey(attributes: SkuAttributes): string {
  const { port_types: ports, ...rest } = storedSkuAttributes(attributes);
  const compared = ports && ports.length > 0 ? { ...rest, port_types: ports } : rest;
  return JSON.stringify(compared, Object.keys(SKU_ATTRIBUTE_VALUES));
}

/** The same attributes, whatever order their keys were written in. */
const sameAttributes = (a: SkuAttributes, b: SkuAttributes) =>
  attributesKey(a) === attributesKey(b);

/** A save's input as the columns of its row. */
export const skuFieldsOfInput = (input: SaveSkuInput) => ({
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
  successorSku: input.successor_sku,
});

/**
 * Checks a save against the catalogue and writes it, inside the caller's transaction (the SKU
 * panel's save, and each changed row of a SKU import): what changed, nothing for a new SKU. A
 * refusal is an AppError whose detail names the field, thrown before anything is written.
 */
export async function writeSku(tx: Database, input: SaveSkuInput, now: Date): Promise<string[]> {
  const fields = skuFieldsOfInput(input);
  await requirePlacement(tx, input);
  await requireValidSuccessor(tx, input);
  const [existing] = await lockSkus(tx, [input.sku]);
  if (input.is_new) {
    if (existing) {
      throw conflictOn(
        'sku',
        `There is already a SKU ${input.sku} (${existing.name}). Choose another code, or open it to edit it.`,
      );
    }
    try {
      await insertSku(tx, {
        sku: input.sku,
        ...fields,
        attributes: input.attributes ?? {},
        updatedAt: now,
      });
    } catch (error) {
      // Somebody added the same code a moment ago.
      if (isUniqueViolation(error)) throw conflictOn('sku', `There is already a SKU ${input.sku}.`);
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
  await requireBundlesStayWhole(tx, existing, input);
  await requireSuccessorStaysSingle(tx, existing, input);
  const attributes = input.attributes ?? existing.attributes;
  await updateSku(tx, existing.sku, { ...fields, attributes, updatedAt: now });
  return changedFields(existing, { ...fields, attributes });
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
  const changed = await db.transaction((tx) => writeSku(tx, input, now));
  return { ...(await getSku(db, input.sku, now)), isCreated: input.is_new, changed };
}
