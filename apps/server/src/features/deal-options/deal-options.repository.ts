import { eq } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { quotes } from '@bastion/db/schema/quotes';

/* The deal options' own queries (decision 043). */

export async function setOptionLabel(db: Database, quoteId: string, label: string | null) {
  await db.update(quotes).set({ optionLabel: label }).where(eq(quotes.id, quoteId));
}
