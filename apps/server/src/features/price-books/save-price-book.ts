import type { Database } from '@bastion/db/client';
import { canonicalRegion } from '@bastion/domain/permissions/visibility';
import type { PriceBookView } from '@bastion/domain/price-books/answers';
import type { SavePriceBookInput } from '@bastion/domain/price-books/api';
import {
  findBookNamed,
  insertBook,
  lockBook,
  updateBook,
  type NewPriceBook,
  type PriceBookRow,
} from './price-books.repository.ts';
import {
  bookNotFound,
  conflictOn,
  duplicateNameMessage,
  isUniqueViolation,
} from './price-book-errors.ts';
import { readPriceBook } from './get-price-book.ts';

/** The book's fields as its row stores them. */
const rowFieldsOf = (input: SavePriceBookInput) => ({
  name: input.name,
  segment: input.segment,
  // As opportunities spell it ("NA" becomes North America), so resolution compares like with like.
  region: input.region === null ? null : canonicalRegion(input.region),
  salesChannel: input.sales_channel,
  partnerType: input.partner_type,
  priority: input.priority,
  effectiveFrom: input.effective_from,
  effectiveTo: input.effective_to,
  isActive: input.is_active,
});
type RowFields = ReturnType<typeof rowFieldsOf>;

/** What a change changed, field by field, for the audit log. */
function changesOf(before: PriceBookRow, after: RowFields) {
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof RowFields)[]) {
    if (before[key] !== after[key]) changed[key] = { from: before[key], to: after[key] };
  }
  return changed;
}

/**
 * Creates a price book, or changes the one the input names. Names are unique in any letter case
 * (409 on the name otherwise). A book's entries stay as they are.
 */
export async function savePriceBook(
  db: Database,
  userId: string | null,
  input: SavePriceBookInput,
  now: Date = new Date(),
): Promise<{ book: PriceBookView; isCreated: boolean; changed: Record<string, unknown> }> {
  const fields = rowFieldsOf(input);
  try {
    const saved = await db.transaction(async (tx) => {
      const existing = input.id ? await lockBook(tx, input.id) : null;
      if (input.id && !existing) throw bookNotFound();
      if (await findBookNamed(tx, input.name, existing?.id ?? null)) {
        throw conflictOn('name', duplicateNameMessage(input.name));
      }
      if (existing) {
        const changed = changesOf(existing, fields);
        if (Object.keys(changed).length > 0) {
          await updateBook(tx, existing.id, { ...fields, updatedAt: now });
        }
        return { id: existing.id, isCreated: false, changed };
      }
      const book: NewPriceBook = { ...fields, createdBy: userId, createdAt: now, updatedAt: now };
      const row = await insertBook(tx, book);
      return { id: row.id, isCreated: true, changed: {} };
    });
    return { ...saved, book: await readPriceBook(db, saved.id, now) };
  } catch (error) {
    // Two admins naming a book alike at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflictOn('name', duplicateNameMessage(input.name));
    throw error;
  }
}
