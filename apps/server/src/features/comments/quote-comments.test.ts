import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES } from '@bastion/domain/comments/comment-rules';
import { mentionMarkup } from '@bastion/domain/comments/mentions';
import type { QuoteComment, QuoteComments } from '@bastion/domain/comments/schemas';
import { quoteApprovalSteps, quoteApprovals } from '@bastion/db/schema/approvals';
import { quoteComments } from '@bastion/db/schema/documents';
import { outboundEmails } from '@bastion/db/schema/mail';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quotes } from '@bastion/db/schema/quotes';
import { users as usersTable } from '@bastion/db/schema/users';
import { advanceAppClock } from '../../lib/clock.ts';
import { createUser } from '../../test/test-app.ts';
import { headerValues, insertOpportunity, unique } from '../../test/quote-fixtures.ts';
import { postCallsAs, useTestBed } from '../../test/test-bed.ts';
import { MENTION_MAIL_PURPOSE } from './send-mention-emails.ts';

const emea = (role: string) => ({ role, assignment: 'REGION' as const, assignmentValue: ['EMEA'] });
const bed = useTestBed({
  seller: { roles: [emea('SALES_USER')] },
  colleague: { roles: [emea('SALES_USER')] },
  desk: 'DEAL_DESK',
  outsider: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['APJ'] }] },
  approver: { roles: [{ role: 'GENERAL_MANAGER' }], isApprover: true },
});
type Who = keyof typeof bed.users;
const { post, dataOf } = postCallsAs(bed, 'seller');
const tag = unique().slice(0, 8);
/** Everyone gets a name of this file's own, so that the picker's search finds only them. */
const nameOf = (who: string) => `${who[0]?.toUpperCase()}${who.slice(1)} Tester${tag}`;
let disabledId = '';

const LIST = '/api/dx/quote-comments';
const ADD = '/api/dx/add-quote-comment';
const EDIT = '/api/dx/edit-quote-comment';
const DELETE = '/api/dx/delete-quote-comment';
const CANDIDATES = '/api/dx/quote-mention-candidates';

beforeAll(async () => {
  for (const [who, user] of Object.entries(bed.users)) {
    const [first, last] = nameOf(who).split(' ');
    await bed.ctx.db
      .update(usersTable)
      .set({ firstName: first ?? '', lastName: last ?? '' })
      .where(eq(usersTable.id, user.id));
  }
  const disabled = await createUser(bed.ctx.db, {
    roles: [{ role: 'DEAL_DESK' }],
    isDisabled: true,
  });
  disabledId = disabled.id;
  await bed.ctx.db
    .update(usersTable)
    .set({ firstName: 'Disabled', lastName: `Tester${tag}` })
    .where(eq(usersTable.id, disabled.id));
});

/** A fresh EMEA quote of the seller's, still being configured. */
async function newQuote() {
  const opportunityId = await insertOpportunity(bed.ctx.db, { region: 'EMEA' });
  const made = await dataOf<{ id: string }>('/api/dx/create-quote', {
    opportunity_id: opportunityId,
    values: headerValues({ quote_name: `Comments ${tag}` }),
  });
  return made.id;
}

const add = (quoteId: string, body: string, kind = 'comment', who: Who = 'seller') =>
  dataOf<{ comment: QuoteComment }>(ADD, { quote_id: quoteId, kind, body }, who).then(
    (d) => d.comment,
  );
const list = (quoteId: string, who: Who = 'seller') =>
  dataOf<QuoteComments>(LIST, { quote_id: quoteId }, who);
const refusal = async (path: string, payload: object, status: number, who: Who = 'seller') => {
  const response = await post(path, payload, who);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ error: string; message: string; request_id: string }>();
};
const mentionMails = (email: string) =>
  bed.ctx.db
    .select()
    .from(outboundEmails)
    .where(
      and(eq(outboundEmails.recipient, email), eq(outboundEmails.purpose, MENTION_MAIL_PURPOSE)),
    );
const storedComments = (quoteId: string) =>
  bed.ctx.db.select().from(quoteComments).where(eq(quoteComments.quoteId, quoteId));

describe('comments and notes on a quote', () => {
  it('are written and listed oldest first, with author, initials, kind and what the caller may do', async () => {
    const quoteId = await newQuote();
    const [before] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, quoteId));
    const historyBefore = await bed.ctx.db
      .select()
      .from(quoteHistory)
      .where(eq(quoteHistory.quoteId, quoteId));

    const comment = await add(quoteId, '  Customer wants delivery in March.  ');
    const note = await add(quoteId, 'Margin is thin; push back on discount.', 'note', 'colleague');
    expect(comment).toMatchObject({
      kind: 'comment',
      body: 'Customer wants delivery in March.',
      author: {
        id: bed.users.seller.id,
        name: nameOf('seller'),
        initial: 'ST',
        email: bed.users.seller.email,
      },
      edited_at: null,
      version: 1,
      can_edit: true,
      can_delete: true,
      mentions: [],
    });

    const seen = await list(quoteId);
    expect(seen.poll_seconds).toBe(15);
    expect(seen.comments.map((c) => [c.id, c.kind, c.author?.name])).toEqual([
      [comment.id, 'comment', nameOf('seller')],
      [note.id, 'note', nameOf('colleague')],
    ]);
    // The seller may change only their own.
    expect(seen.comments.map((c) => [c.can_edit, c.can_delete])).toEqual([
      [true, true],
      [false, false],
    ]);
    expect(Date.parse(seen.comments[0]?.created_at ?? '')).not.toBeNaN();

    // Comments are their own record: the quote, its version and its history stay as they were.
    const [after] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(after?.version).toBe(before?.version);
    const historyAfter = await bed.ctx.db
      .select()
      .from(quoteHistory)
      .where(eq(quoteHistory.quoteId, quoteId));
    expect(historyAfter).toHaveLength(historyBefore.length);
  });

  it('refuses an empty, too long or unknown-kind entry with a clear message, saving nothing', async () => {
    const quoteId = await newQuote();
    const cases: [object, string][] = [
      [{ kind: 'comment', body: '   ' }, COMMENT_MESSAGES.empty],
      [{ kind: 'comment', body: 'x'.repeat(4001) }, COMMENT_MESSAGES.tooLong],
      [{ kind: 'memo', body: 'Hello' }, COMMENT_MESSAGES.kind],
    ];
    for (const [payload, message] of cases) {
      const refused = await refusal(ADD, { quote_id: quoteId, ...payload }, 400);
      expect(refused.message).toContain(message);
    }
    await add(quoteId, 'x'.repeat(4000));
    expect(await storedComments(quoteId)).toHaveLength(1);
  });

  it('lets the author edit at the version seen; a stale version is refused (409)', async () => {
    const quoteId = await newQuote();
    const comment = await add(quoteId, 'First words');
    const edited = await dataOf<{ comment: QuoteComment }>(EDIT, {
      quote_id: quoteId,
      comment_id: comment.id,
      version: 1,
      body: 'Better words',
    });
    expect(edited.comment).toMatchObject({ body: 'Better words', version: 2 });
    expect(edited.comment.edited_at).not.toBeNull();

    const stale = await refusal(
      EDIT,
      { quote_id: quoteId, comment_id: comment.id, version: 1, body: 'Lost words' },
      409,
    );
    expect(stale).toMatchObject({ error: 'CONFLICT', message: COMMENT_MESSAGES.stale });
    const [stored] = await storedComments(quoteId);
    expect(stored).toMatchObject({ body: 'Better words', version: 2 });
  });

  it("refuses to change or delete someone else's comment (403)", async () => {
    const quoteId = await newQuote();
    const comment = await add(quoteId, 'Mine', 'comment', 'colleague');
    const edit = await refusal(
      EDIT,
      { quote_id: quoteId, comment_id: comment.id, version: 1, body: 'Yours now' },
      403,
    );
    expect(edit).toMatchObject({ error: 'FORBIDDEN', message: COMMENT_MESSAGES.notYours });
    // Not even the deal desk, who sees every quote.
    await refusal(DELETE, { quote_id: quoteId, comment_id: comment.id }, 403, 'desk');
    expect(await storedComments(quoteId)).toEqual([expect.objectContaining({ body: 'Mine' })]);
  });

  it('lets the author delete within the window', async () => {
    const quoteId = await newQuote();
    const kept = await add(quoteId, 'Keep me');
    const gone = await add(quoteId, 'Typo');
    const deleted = await dataOf(DELETE, { quote_id: quoteId, comment_id: gone.id });
    expect(deleted).toEqual({ id: gone.id, is_deleted: true });
    expect((await list(quoteId)).comments.map((c) => c.id)).toEqual([kept.id]);
    const again = await refusal(DELETE, { quote_id: quoteId, comment_id: gone.id }, 404);
    expect(again.message).toBe(COMMENT_MESSAGES.notFound);
  });

  it('closes editing and deleting 15 minutes after writing, by the app clock', async () => {
    const quoteId = await newQuote();
    const comment = await add(quoteId, 'Written now');
    advanceAppClock(14 * 60_000);
    expect((await list(quoteId)).comments[0]).toMatchObject({ can_edit: true, can_delete: true });

    advanceAppClock(2 * 60_000);
    expect((await list(quoteId)).comments[0]).toMatchObject({ can_edit: false, can_delete: false });
    const edit = await refusal(
      EDIT,
      { quote_id: quoteId, comment_id: comment.id, version: 1, body: 'Too late' },
      409,
    );
    expect(edit.message).toBe(COMMENT_MESSAGES.editWindowOver);
    const removal = await refusal(DELETE, { quote_id: quoteId, comment_id: comment.id }, 409);
    expect(removal.message).toBe(COMMENT_MESSAGES.editWindowOver);
    expect(await storedComments(quoteId)).toEqual([
      expect.objectContaining({ body: 'Written now', version: 1 }),
    ]);
  });
});

describe('mentions', () => {
  it('offers only active people who can open the quote, never the caller', async () => {
    const quoteId = await newQuote();
    const { candidates } = await dataOf<{ candidates: { id: string; name: string }[] }>(
      CANDIDATES,
      { quote_id: quoteId, search: `tester${tag}` },
    );
    const ids = candidates.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([bed.users.colleague.id, bed.users.desk.id]));
    expect(ids).not.toContain(bed.users.seller.id);
    expect(ids).not.toContain(bed.users.outsider.id);
    expect(ids).not.toContain(bed.users.approver.id);
    expect(ids).not.toContain(disabledId);
    expect(candidates.find((c) => c.id === bed.users.colleague.id)).toMatchObject({
      name: nameOf('colleague'),
      initial: 'CT',
    });
  });

  it('stores and e-mails the people mentioned, with the quote and a link to it', async () => {
    const quoteId = await newQuote();
    const [quote] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, quoteId));
    const body = `${mentionMarkup(nameOf('colleague'), bed.users.colleague.id)} and ${mentionMarkup(nameOf('desk'), bed.users.desk.id)}: please check the discount.`;
    const comment = await add(quoteId, body, 'note');
    expect(comment.mentions).toEqual([
      { user_id: bed.users.colleague.id, name: nameOf('colleague') },
      { user_id: bed.users.desk.id, name: nameOf('desk') },
    ]);
    const [stored] = await storedComments(quoteId);
    expect(stored?.mentionedUserIds).toEqual([bed.users.colleague.id, bed.users.desk.id]);

    const [mail] = await mentionMails(bed.users.colleague.email);
    expect(mail?.subject).toBe(
      `${nameOf('seller')} mentioned you on quote ${quote?.quoteNumber ?? ''}`,
    );
    expect(mail?.textBody).toContain(`in an internal note on quote ${quote?.quoteNumber ?? ''}`);
    expect(mail?.textBody).toContain(`@${nameOf('desk')}: please check the discount.`);
    // The quote is still being configured: the link opens the page for that.
    expect(mail?.textBody).toContain(`/cpq/configure-quote/${quoteId}/STANDARD`);
    expect(await mentionMails(bed.users.desk.email)).toHaveLength(1);
  });

  it('mails only the people an edit mentions for the first time', async () => {
    const quoteId = await newQuote();
    const colleague = mentionMarkup(nameOf('colleague'), bed.users.colleague.id);
    const desk = mentionMarkup(nameOf('desk'), bed.users.desk.id);
    const mailsBefore = (await mentionMails(bed.users.colleague.email)).length;
    const comment = await add(quoteId, `${colleague} first`);
    await dataOf(EDIT, {
      quote_id: quoteId,
      comment_id: comment.id,
      version: 1,
      body: `${colleague} and ${desk} too`,
    });
    expect(await mentionMails(bed.users.colleague.email)).toHaveLength(mailsBefore + 1);
    const deskMails = await mentionMails(bed.users.desk.email);
    expect(deskMails.filter((m) => m.textBody.includes(quoteId))).toHaveLength(1);
  });

  it('refuses a mention of someone who cannot open the quote, saving and mailing nothing', async () => {
    const quoteId = await newQuote();
    const people: [string, string, string][] = [
      [bed.users.outsider.id, nameOf('outsider'), 'they cannot open this quote'],
      [disabledId, 'Disabled', 'there is no such active user'],
    ];
    for (const [id, name, why] of people) {
      const refused = await refusal(
        ADD,
        { quote_id: quoteId, kind: 'comment', body: `${mentionMarkup(name, id)} look` },
        400,
      );
      expect(refused.message).toBe(`${name} cannot be mentioned: ${why}.`);
    }
    expect(await storedComments(quoteId)).toEqual([]);
    expect(await mentionMails(bed.users.outsider.email)).toEqual([]);
  });
});

describe('who may comment', () => {
  it('answers 404 on every route to someone who cannot see the quote, as for a made-up id', async () => {
    const quoteId = await newQuote();
    const comment = await add(quoteId, 'Internal');
    const made = '00000000-0000-4000-8000-000000000000';
    const calls: [string, (id: string) => object][] = [
      [LIST, (id) => ({ quote_id: id })],
      [ADD, (id) => ({ quote_id: id, kind: 'comment', body: 'Hi' })],
      [EDIT, (id) => ({ quote_id: id, comment_id: comment.id, version: 1, body: 'Hi' })],
      [DELETE, (id) => ({ quote_id: id, comment_id: comment.id })],
      [CANDIDATES, (id) => ({ quote_id: id, search: '' })],
    ];
    for (const [path, payload] of calls) {
      const outsider = await refusal(path, payload(quoteId), 404, 'outsider');
      const madeUp = await refusal(path, payload(made), 404);
      expect({ ...outsider, request_id: '' }).toEqual({ ...madeUp, request_id: '' });
    }
    expect(await storedComments(quoteId)).toEqual([
      expect.objectContaining({ body: 'Internal', version: 1 }),
    ]);
  });

  it("lets the quote's approver read and comment", async () => {
    const quoteId = await newQuote();
    await add(quoteId, 'Please approve quickly');
    await refusal(LIST, { quote_id: quoteId }, 404, 'approver');
    // The approver decided a step of this quote's submission: that opens the quote to them.
    const [submission] = await bed.ctx.db
      .insert(quoteApprovals)
      .values({
        quoteId,
        submissionNumber: 1,
        state: 'APPROVED',
        fingerprint: 'test',
        facts: {},
        submittedBy: bed.users.seller.id,
      })
      .returning({ id: quoteApprovals.id });
    await bed.ctx.db.insert(quoteApprovalSteps).values({
      approvalId: submission?.id ?? '',
      quoteId,
      stage: 1,
      stageName: 'Review',
      groupName: 'Reviewers',
      state: 'APPROVED',
      decidedBy: bed.users.approver.id,
    });
    const answer = await add(quoteId, 'Approved, but watch the margin.', 'note', 'approver');
    expect(answer.author?.id).toBe(bed.users.approver.id);
    expect((await list(quoteId, 'approver')).comments).toHaveLength(2);
    // …and is offered to those who mention.
    const { candidates } = await dataOf<{ candidates: { id: string }[] }>(CANDIDATES, {
      quote_id: quoteId,
      search: nameOf('approver'),
    });
    expect(candidates.map((c) => c.id)).toEqual([bed.users.approver.id]);
  });
});
