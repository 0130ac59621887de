import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../client.ts';
import { broadcasts } from '../schema/broadcasts.ts';
import { seedBroadcastsDemoData, WELCOME_BROADCAST_TITLE } from './broadcasts-demo-data.ts';

describe('the demo broadcast', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ engine: 'pglite', dataDir: null });
    await handle.migrate();
  }, 120_000);
  afterAll(() => handle.close());

  const welcomes = () =>
    handle.db.select().from(broadcasts).where(eq(broadcasts.title, WELCOME_BROADCAST_TITLE));

  it('welcomes everyone for a year from the seeding, once', async () => {
    const seededAt = new Date('2026-11-26T08:00:00Z');
    await seedBroadcastsDemoData(handle.db, seededAt);
    await seedBroadcastsDemoData(handle.db, new Date('2027-01-01T00:00:00Z'));
    const rows = await welcomes();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      severity: 'info',
      audienceKind: 'EVERYONE',
      startsAt: seededAt,
      endsAt: new Date('2027-11-26T08:00:00Z'),
    });
  });
});
