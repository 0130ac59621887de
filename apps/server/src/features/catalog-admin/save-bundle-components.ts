import type { Database } from '@bastion/db/client';
import type { AppErrorDetail } from '../../lib/app-error.ts';
import type { SaveBundleComponentsInput, SkuDetail } from './catalog-admin.schemas.ts';
import {
  listComponentsOf,
  lockSkus,
  replaceComponents,
  type SkuRow,
} from './catalog-admin.repository.ts';
import { conflictOn, invalidFields, skuNotFound } from './catalog-admin-errors.ts';
import { getSku } from './get-sku.ts';

interface Component {
  sku: string;
  quantity: number;
}

/** What a save changed, for the audit trail. */
export interface ComponentChanges {
  added: Component[];
  removed: Component[];
  changed: { sku: string; from: number; to: number }[];
}

/** Each component's problem, with the path the editor shows it under. */
function problemsOf(
  bundle: SkuRow,
  components: readonly Component[],
  found: ReadonlyMap<string, SkuRow>,
): AppErrorDetail[] {
  const problems: AppErrorDetail[] = [];
  const seen = new Set<string>();
  components.forEach((component, index) => {
    const path = `components.${index}.sku`;
    const sku = found.get(component.sku);
    const problem =
      component.sku === bundle.sku
        ? 'A bundle cannot contain itself.'
        : seen.has(component.sku)
          ? `${component.sku} is listed twice: give it one row with the whole quantity.`
          : !sku
            ? `There is no SKU ${component.sku}.`
            : sku.kind === 'BUNDLE'
              ? `${sku.sku} is a bundle itself: a bundle holds products, not other bundles.`
              : !sku.isActive
                ? `${sku.sku} is inactive: only active SKUs can go into a bundle.`
                : null;
    seen.add(component.sku);
    if (problem) problems.push({ path, message: problem });
  });
  return problems;
}

function changesBetween(before: readonly Component[], after: readonly Component[]) {
  const old = new Map(before.map((c) => [c.sku, c.quantity]));
  const now = new Map(after.map((c) => [c.sku, c.quantity]));
  return {
    added: after.filter((c) => !old.has(c.sku)),
    removed: before.filter((c) => !now.has(c.sku)),
    changed: after
      .filter((c) => old.has(c.sku) && old.get(c.sku) !== c.quantity)
      .map((c) => ({ sku: c.sku, from: old.get(c.sku) ?? 0, to: c.quantity })),
  } satisfies ComponentChanges;
}

/**
 * Replaces what a bundle SKU brings onto a quote. Every component must be another, active SKU
 * that is not a bundle, each once, with a whole quantity of at least 1; one bad row saves
 * nothing. The bundle and its components are locked while this runs, so none of them can be
 * retired or turned into a bundle meanwhile. Quotes that already hold the bundle keep the
 * component lines they were given.
 */
export async function saveBundleComponents(
  db: Database,
  input: SaveBundleComponentsInput,
  now: Date = new Date(),
): Promise<SkuDetail & { changes: ComponentChanges }> {
  const changes = await db.transaction(async (tx) => {
    const locked = await lockSkus(tx, [input.sku, ...input.components.map((c) => c.sku)]);
    const found = new Map(locked.map((sku) => [sku.sku, sku]));
    const bundle = found.get(input.sku);
    if (!bundle) throw skuNotFound(input.sku);
    if (bundle.kind !== 'BUNDLE') {
      throw conflictOn(
        'sku',
        `${bundle.sku} is not a bundle (its kind is ${bundle.kind}): only bundles have components.`,
      );
    }
    const problems = problemsOf(bundle, input.components, found);
    if (problems.length > 0) throw invalidFields(problems);
    const before = await listComponentsOf(tx, bundle.sku);
    await replaceComponents(tx, bundle.sku, input.components);
    return changesBetween(
      before.map((c) => ({ sku: c.sku, quantity: c.quantity })),
      input.components,
    );
  });
  return { ...(await getSku(db, input.sku, now)), changes };
}
