import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MyNotifications, NotificationPreferences } from '@bastion/domain/notifications/api';
import { outboundEmails } from '@bastion/db/schema/mail';
import { notifications } from '@bastion/db/schema/notifications';
import { quotes } from '@bastion/db/schema/quotes';
import { isoDayOf } from '../../lib/clock.ts';
import { createTestQuote } from '../../test/quote-fixtures.ts';
import { postCallsAs, useTestBed } from '../../test/test-bed.ts';

/* Issue 37 (decision 042): the bell's notifications, read state, and the choice of e-mails. */

const bed = useTestBed({
  seller: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }] },
  other: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }] },
});
const calls = postCallsAs(bed, 'seller');

const daysAgo = (days: number) => isoDayOf(new Date(Date.now() - days * 24 * 60 * 60 * 1000));

describe('notifications', () => {
  it('tells the owner once of an open quote about to expire, and marks it read', async () => {
    const id = await createTestQuote(bed.ctx, bed.cookies.seller);
    // Priced 25 days ago: valid for 30, so it expires within the week.
    await bed.ctx.db
      .update(quotes)
      .set({ priceDate: daysAgo(25) })
      .where(eq(quotes.id, id));
    const [quote] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, id));

    const count = await calls.dataOf<{ unread_count: number }>('/api/dx/my-notification-count', {});
    expect(count.unread_count).toBeGreaterThanOrEqual(1);
    const mine = await calls.dataOf<MyNotifications>('/api/dx/my-notifications', {});
    const expiring = mine.notifications.filter((n) => n.link_path.includes(id));
    expect(expiring).toEqual([
      expect.objectContaining({
        kind: 'quote_expiring',
        title: `Quote ${quote?.quoteNumber} expires on ${daysAgo(-5)}`,
        is_read: false,
      }),
    ]);
    // Looked at again: still one, and (by default) no e-mail.
    await calls.dataOf('/api/dx/my-notifications', {});
    const stored = await bed.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.quoteId, id), eq(notifications.kind, 'quote_expiring')));
    expect(stored).toHaveLength(1);
    const mails = await bed.ctx.db
      .select()
      .from(outboundEmails)
      .where(
        and(
          eq(outboundEmails.recipient, bed.users.seller.email),
          eq(outboundEmails.purpose, 'quote_expiring'),
        ),
      );
    expect(mails).toHaveLength(0);
    // Another user's quote tells them nothing.
    const theirs = await calls.dataOf<MyNotifications>('/api/dx/my-notifications', {}, 'other');
    expect(theirs.notifications.filter((n) => n.link_path.includes(id))).toEqual([]);

    const marked = await calls.dataOf<{ marked: number; unread_count: number }>(
      '/api/dx/mark-notifications-read',
      { ids: [expiring[0]!.id] },
    );
    expect(marked).toEqual({ marked: 1, unread_count: mine.unread_count - 1 });
    // Someone else's id marks nothing of theirs.
    const foreign = await calls.dataOf<{ marked: number }>(
      '/api/dx/mark-notifications-read',
      { ids: [expiring[0]!.id] },
      'other',
    );
    expect(foreign.marked).toBe(0);
    const all = await calls.dataOf<{ unread_count: number }>('/api/dx/mark-notifications-read', {
      all: true,
    });
    expect(all.unread_count).toBe(0);
  });

  it('lists every kind with its e-mail default, and keeps the user’s choices', async () => {
    const defaults = await calls.dataOf<NotificationPreferences>(
      '/api/dx/notification-preferences',
      {},
    );
    expect(defaults.preferences.map((p) => [p.kind, p.by_email])).toEqual([
      ['approval_waiting', true],
      ['quote_approved', true],
      ['quote_rejected', true],
      ['quote_recalled', false],
      ['mentioned', true],
      ['quote_accepted', true],
      ['quote_expiring', false],
    ]);
    const saved = await calls.dataOf<NotificationPreferences>(
      '/api/dx/save-notification-preferences',
      {
        preferences: [
          { kind: 'quote_rejected', by_email: false },
          { kind: 'quote_expiring', by_email: true },
        ],
      },
    );
    expect(saved.preferences.find((p) => p.kind === 'quote_rejected')?.by_email).toBe(false);
    expect(saved.preferences.find((p) => p.kind === 'quote_expiring')?.by_email).toBe(true);
    expect(saved.preferences.find((p) => p.kind === 'mentioned')?.by_email).toBe(true);

    const twice = await calls.post('/api/dx/save-notification-preferences', {
      preferences: [
        { kind: 'mentioned', by_email: false },
        { kind: 'mentioned', by_email: true },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ message: string }>().message).toBe('Each kind of notification once.');
    const unknown = await calls.post('/api/dx/save-notification-preferences', {
      preferences: [{ kind: 'birthday', by_email: true }],
    });
    expect(unknown.statusCode).toBe(400);
    const after = await calls.dataOf<NotificationPreferences>(
      '/api/dx/notification-preferences',
      {},
    );
    expect(after.preferences.find((p) => p.kind === 'mentioned')?.by_email).toBe(true);
  });

  it('refuses a mark that names nothing', async () => {
    const empty = await calls.post('/api/dx/mark-notifications-read', { ids: [] });
    expect(empty.statusCode).toBe(400);
  });
});
