import { sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';

/** The health check's one query: throws when the database does not answer. */
export async function pingDatabase(db: Database) {
  await db.execute(sql`select 1`);
}
