import { eq, inArray } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { bundleComponents, skus } from '@bastion/db/schema/catalog';
import { lineImportMappings } from '@bastion/db/schema/users';
import type {
  LineImportField,
  RememberedMapping,
} from '@bastion/domain/quotes/line-import/mapping';

/** Issue 38: what a line import reads and keeps besides the quote's lines. */

/** How many headers a seller's remembered mapping keeps (the latest import's win). */
const MAX_REMEMBERED_HEADERS = 200;

export async function readRememberedMapping(
  db: Database,
  userId: string,
): Promise<RememberedMapping> {
  const [row] = await db
    .select({ columns: lineImportMappings.columns })
    .from(lineImportMappings)
    .where(eq(lineImportMappings.userId, userId));
  return (row?.columns ?? {}) as RememberedMapping;
}

/** Adds an import's headers to what the seller's mapping remembers, newest first. */
export async function rememberMapping(
  db: Database,
  userId: string,
  columns: Readonly<Record<string, LineImportField | null>>,
  now: Date,
) {
  const before = await readRememberedMapping(db, userId);
  const merged = Object.fromEntries(
    [
      ...Object.entries(columns),
      ...Object.entries(before).filter(([key]) => !(key in columns)),
    ].slice(0, MAX_REMEMBERED_HEADERS),
  );
  await db
    .insert(lineImportMappings)
    .values({ userId, columns: merged, updatedAt: now })
    .onConflictDoUpdate({
      target: lineImportMappings.userId,
      set: { columns: merged, updatedAt: now },
    });
}

/** The SKUs an import names, with each bundle's components, in one read each. */
export async function findImportSkus(db: Database, codes: readonly string[]) {
  if (codes.length === 0) return { skus: [], components: [] };
  const rows = await db
    .select({
      sku: skus.sku,
      kind: skus.kind,
      billing: skus.billing,
      isActive: skus.isActive,
    })
    .from(skus)
    .where(inArray(skus.sku, [...codes]));
  const bundles = rows.filter((row) => row.kind === 'BUNDLE').map((row) => row.sku);
  const components =
    bundles.length === 0
      ? []
      : await db
          .select({
            bundleSku: bundleComponents.bundleSku,
            sku: bundleComponents.componentSku,
            quantity: bundleComponents.quantity,
            position: bundleComponents.position,
          })
          .from(bundleComponents)
          .where(inArray(bundleComponents.bundleSku, bundles));
  return { skus: rows, components };
}
