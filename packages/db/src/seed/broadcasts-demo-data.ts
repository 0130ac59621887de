import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { broadcasts } from '../schema/broadcasts.ts';

/*
 * The demo's broadcast message (issue 19): one welcome, for everyone, shown for a year from the
 * day the demo database is seeded. Seeded once: when it exists (or was deleted and made again
 * under the same title) nothing is added, so what an administrator changed stays.
 */

export const WELCOME_BROADCAST_TITLE = 'Welcome to Bastion CPQ';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export function welcomeBroadcast(now: Date): typeof broadcasts.$inferInsert {
  return {
    title: WELCOME_BROADCAST_TITLE,
    body: [
      'This is the **demo** of Bastion CPQ: every account here is a demo account, and nothing you',
      'quote is sent to a customer.',
      '',
      '- The bell at the top shows messages like this one; mark them read when done.',
      '- Administrators write them under *Broadcast messages*.',
    ].join('\n'),
    severity: 'info',
    audienceKind: 'EVERYONE',
    startsAt: now,
    endsAt: new Date(now.getTime() + YEAR_MS),
    createdAt: now,
    updatedAt: now,
  };
}

export async function seedBroadcastsDemoData(db: Database, now = new Date()): Promise<void> {
  const existing = await db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(eq(broadcasts.title, WELCOME_BROADCAST_TITLE))
    .limit(1);
  if (existing.length > 0) return;
  await db.insert(broadcasts).values(welcomeBroadcast(now));
}
