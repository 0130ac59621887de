import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MyNotifications } from '@bastion/domain/notifications/api';
import { outboundEmails } from '@bastion/db/schema/mail';
import { useApprovalBed, type Who } from './approvals.test-harness.ts';

/*
 * Issue 37 (decision 042): the approval events reach the bell of whoever acts on them, and go by
 * e-mail as each user chose.
 */
const { bed, calls } = useApprovalBed();

const bellOf = async (who: Who, quoteId: string) =>
  (await calls.dataOf<MyNotifications>('/api/dx/my-notifications', {}, who)).notifications.filter(
    (n) => n.link_path.includes(quoteId),
  );

const mailsTo = async (who: Who, purpose: string) =>
  (
    await bed.ctx.db
      .select({ subject: outboundEmails.subject })
      .from(outboundEmails)
      .where(
        and(
          eq(outboundEmails.recipient, bed.users[who].email),
          eq(outboundEmails.purpose, purpose),
        ),
      )
  ).map((m) => m.subject);

describe('approval notifications', () => {
  it('tells the approver a decision waits, and the seller the quote is approved', async () => {
    const quote = await calls.submitted('10');
    const number = quote.state.quote.quote_number;
    expect(await bellOf('deskApprover', quote.id)).toEqual([
      expect.objectContaining({ kind: 'approval_waiting', is_read: false }),
    ]);
    const desk = await calls.decide(
      quote.id,
      calls.pendingStep(quote.state, bed.groups.desk).id,
      'deskApprover',
    );
    expect(desk.statusCode).toBe(200);
    const finance = await calls.decide(
      quote.id,
      calls.pendingStep(await calls.stateOf(quote.id), bed.groups.finance).id,
      'finEmea',
    );
    expect(finance.statusCode).toBe(200);
    const [approved] = await bellOf('seller', quote.id);
    expect(approved).toMatchObject({
      kind: 'quote_approved',
      title: expect.stringContaining(`Quote approved: ${number}`),
      link_path: expect.stringContaining(quote.id),
    });
    expect(
      (await mailsTo('seller', 'approval_outcome')).filter((s) => s.includes(number)),
    ).toHaveLength(1);
  });

  it('leaves the e-mail out when the seller chose so, and tells of a recall by someone else', async () => {
    await calls.dataOf('/api/dx/save-notification-preferences', {
      preferences: [{ kind: 'quote_rejected', by_email: false }],
    });
    try {
      const quote = await calls.submitted('10');
      const number = quote.state.quote.quote_number;
      const rejected = await calls.decide(
        quote.id,
        calls.pendingStep(quote.state, bed.groups.desk).id,
        'deskApprover',
        'reject',
      );
      expect(rejected.statusCode).toBe(200);
      expect(await bellOf('seller', quote.id)).toEqual([
        expect.objectContaining({
          kind: 'quote_rejected',
          body: expect.stringContaining('Too deep'),
        }),
      ]);
      expect(
        (await mailsTo('seller', 'approval_outcome')).filter((s) => s.includes(number)),
      ).toEqual([]);

      const other = await calls.submitted('10');
      const version = (await calls.stateOf(other.id)).quote.version;
      await calls.approval({ action: 'recall', quote_id: other.id, version }, 'desk');
      expect(await bellOf('seller', other.id)).toEqual([
        expect.objectContaining({ kind: 'quote_recalled' }),
      ]);
    } finally {
      await calls.dataOf('/api/dx/save-notification-preferences', {
        preferences: [{ kind: 'quote_rejected', by_email: true }],
      });
    }
  });
});
