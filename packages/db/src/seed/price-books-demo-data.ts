import { createHash } from 'node:crypto';
import type { Database } from '../client.ts';
import { priceBookEntries, priceBooks } from '../schema/pricing.ts';
import { CATALOG_DEMO } from './catalog-demo-data.ts';
import { PRICE_PERIODS } from './catalog-demo-tables.ts';
import { claimSeed } from './seed-claims.ts';

type BookRow = typeof priceBooks.$inferInsert;
type EntryRow = typeof priceBookEntries.$inferInsert;

/*
 * The demo price books (issue 35, docs/pricing.md "Price books"): a public-sector and an
 * education list below the standard one on firewall hardware and subscriptions, and a partner
 * list for premier partners on a few appliances. Each matches on the account's segment or the
 * partner's type only, so quotes of accounts without a segment keep the standard list. Built
 * from the demo catalogue's prices: the same rows on every start.
 */

/** The seed's claim (seed_claims): the books are seeded once, so an admin's changes stay. */
export const PRICE_BOOKS_DEMO_SEED = 'demo-price-books';

/** The currencies the demo books price in: the catalogue's list currencies. */
const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;

interface BookSeed {
  name: string;
  segment?: string;
  salesChannel?: 'DIRECT' | 'T1' | 'T2';
  partnerType?: string;
  priority: number;
  /** How far below this year's list its prices are, in per cent. */
  percentBelowList: number;
  /** Which SKUs it prices. */
  skus: (sku: {
    sku: string;
    kind: string;
    familyId: string;
    isActive?: boolean | null;
  }) => boolean;
}

const isFirewallHardwareOrSubscription: BookSeed['skus'] = (sku) =>
  sku.familyId === 'FIREWALL' &&
  (sku.kind === 'HARDWARE' || sku.kind === 'SUBSCRIPTION') &&
  sku.isActive !== false;

/** The branch and campus appliances premier partners resell most, and their threat prevention. */
const PREMIER_SKUS = new Set([
  'BX-60-HW',
  'BX-100F-HW',
  'BX-200F-HW',
  'BX-400F-HW',
  'BX-100F-TP',
  'BX-200F-TP',
]);

export const DEMO_PRICE_BOOKS: readonly BookSeed[] = [
  {
    name: 'Public sector',
    segment: 'Public sector',
    priority: 10,
    percentBelowList: 8,
    skus: isFirewallHardwareOrSubscription,
  },
  {
    name: 'Education',
    segment: 'Education',
    priority: 10,
    percentBelowList: 12,
    skus: isFirewallHardwareOrSubscription,
  },
  {
    name: 'Partner Premier',
    salesChannel: 'T1',
    partnerType: 'PREMIER',
    priority: 5,
    percentBelowList: 5,
    skus: (sku) => PREMIER_SKUS.has(sku.sku),
  },
];

/** A name-based uuid, so a book keeps its id whatever is added around it. */
export function demoPriceBookId(name: string): string {
  const bytes = createHash('sha1').update(`bastion-price-books-demo:${name}`).digest();
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const PUBLISHED_AT = new Date('2025-12-01T09:00:00Z');

/** The demo books and their entries, built the same way every time. */
export function priceBooksDemoData(): { books: BookRow[]; entries: EntryRow[] } {
  // This year's list of each SKU in each currency: the price row starting on its first day.
  const listOf = new Map(
    CATALOG_DEMO.prices
      .filter((row) => row.effectiveFrom === PRICE_PERIODS.current)
      .map((row) => [`${row.sku}\u0000${row.currencyCode}`, row.unitPriceMinor]),
  );
  const books: BookRow[] = [];
  const entries: EntryRow[] = [];
  for (const seed of DEMO_PRICE_BOOKS) {
    const id = demoPriceBookId(seed.name);
    books.push({
      id,
      name: seed.name,
      segment: seed.segment ?? null,
      region: null,
      salesChannel: seed.salesChannel ?? null,
      partnerType: seed.partnerType ?? null,
      priority: seed.priority,
      effectiveFrom: PRICE_PERIODS.current,
      effectiveTo: null,
      isActive: true,
      createdBy: null,
      createdAt: PUBLISHED_AT,
      updatedAt: PUBLISHED_AT,
    });
    for (const sku of CATALOG_DEMO.skus.filter(seed.skus)) {
      for (const currencyCode of CURRENCIES) {
        const list = listOf.get(`${sku.sku}\u0000${currencyCode}`);
        if (list === undefined) continue;
        // Whole currency units, as the lists are.
        const units = Math.round((list * (100 - seed.percentBelowList)) / 100 / 100);
        entries.push({ priceBookId: id, sku: sku.sku, currencyCode, unitPriceMinor: units * 100 });
      }
    }
  }
  return { books, entries };
}

const CHUNK_SIZE = 500;

/**
 * The demo books, once (after the catalogue, whose SKUs they name): a book an admin changed,
 * emptied or deleted is never put back.
 */
export async function seedPriceBooksDemoData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await claimSeed(tx, PRICE_BOOKS_DEMO_SEED))) return;
    const { books, entries } = priceBooksDemoData();
    const inserted = new Set(
      (
        await tx
          .insert(priceBooks)
          .values(books)
          .onConflictDoNothing()
          .returning({ id: priceBooks.id })
      ).map((row) => row.id),
    );
    // A book of the same name made by hand before the demo's is left as it is.
    const mine = entries.filter((entry) => inserted.has(entry.priceBookId));
    for (let start = 0; start < mine.length; start += CHUNK_SIZE) {
      await tx
        .insert(priceBookEntries)
        .values(mine.slice(start, start + CHUNK_SIZE))
        .onConflictDoNothing();
    }
  });
}
