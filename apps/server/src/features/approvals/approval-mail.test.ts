import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails } from '@bastion/db/schema/mail';
import type { ApprovalState } from '@bastion/domain/approvals/api';
import { useApprovalBed } from './approvals.test-harness.ts';

/*
 * The approval e-mails, end to end: the app under test sends through a real SMTP server
 * (smtp-server) started here, and the test reads what arrived.
 */

interface Received {
  to: string[];
  subject: string;
  text: string;
}

const received: Received[] = [];

/** The subject and the body of a plain-text message, quoted-printable undone. */
function parse(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const subject = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
  const isQuotedPrintable = /^Content-Transfer-Encoding: quoted-printable/im.test(head);
  const text = isQuotedPrintable
    ? Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8')
    : body;
  return { subject, text: text.replace(/\r\n/g, '\n') };
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        ...parse(Buffer.concat(chunks).toString('utf8')),
      });
      callback();
    });
  },
});

beforeAll(() => new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

const { bed, calls } = useApprovalBed(() => ({
  SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
  PUBLIC_URL: 'https://cpq.example.com',
}));

/** The desk group's approver decides the quote's pending desk step. */
const deskDecides = (
  quoteId: string,
  state: ApprovalState,
  action: 'approve' | 'reject',
  comment: string,
) =>
  calls.decide(
    quoteId,
    calls.pendingStep(state, bed.groups.desk).id,
    'deskApprover',
    action,
    comment,
  );

/** The mails to this address with this subject, once they arrived (the mailer sends in the background). */
async function mailsTo(email: string, subject: RegExp, count = 1): Promise<Received[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = received.filter((m) => m.to.includes(email) && subject.test(m.subject));
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('approval e-mails', () => {
  it('tells approvers when a step awaits them, and the submitter of each decision and of the outcome', async () => {
    const { id, state } = await calls.submitted('25');
    const number = (await calls.stateOf(id)).quote.quote_number;
    const subjectOf = (text: string) => new RegExp(`^${text}.*${number}`);

    const [ask] = await mailsTo(bed.users.deskApprover.email, subjectOf('Approval needed: '));
    expect(ask?.text).toContain(`Quote ${number} "Approvals `);
    expect(ask?.text).toContain(`- ${bed.groupNames.desk} (Discount above 5 % ${bed.tag})`);
    expect(ask?.text).toContain(
      `Open it: https://cpq.example.com/cpq/quote-summary/${id}/STANDARD`,
    );
    // Not yet the later stage's approvers, never the submitter.
    expect(received.some((m) => m.to.includes(bed.users.legal1.email))).toBe(false);
    expect(received.some((m) => m.to.includes(bed.users.seller.email))).toBe(false);

    await deskDecides(id, state, 'approve', 'Looks right.');
    const [decision] = await mailsTo(bed.users.seller.email, new RegExp(`approved ${number}`));
    expect(decision?.subject).toBe(
      `${bed.groupNames.desk} approved ${number} ${(await calls.stateOf(id)).quote.quote_name}`,
    );
    expect(decision?.text).toContain('Comment: Looks right.');
    for (const who of ['finEmea', 'finEmea2', 'legal1', 'legal2'] as const) {
      expect(await mailsTo(bed.users[who].email, subjectOf('Approval needed: ')), who).toHaveLength(
        1,
      );
    }
    // FINANCE_APPROVER for APJ does not cover this EMEA quote.
    expect(received.some((m) => m.to.includes(bed.users.finApj.email))).toBe(false);

    const second = await calls.stateOf(id);
    await calls.decide(id, calls.pendingStep(second, bed.groups.finance).id, 'finEmea');
    await calls.decide(id, calls.pendingStep(second, bed.groups.legal).id, 'legal2');
    const [outcome] = await mailsTo(bed.users.seller.email, subjectOf('Quote approved: '));
    expect(outcome?.text).toContain('Approved by every group the rules required.');
  });

  it('tells the submitter of a rejection', async () => {
    const { id, state } = await calls.submitted('10');
    const number = (await calls.stateOf(id)).quote.quote_number;
    await deskDecides(id, state, 'reject', 'Not this quarter.');
    const [outcome] = await mailsTo(
      bed.users.seller.email,
      new RegExp(`^Quote rejected: ${number}`),
    );
    expect(outcome?.text).toContain(
      `Rejected by Test User for ${bed.groupNames.desk}: Not this quarter.`,
    );
  });

  it('lets root and IT admins read the outbox, approval bodies only', async () => {
    await bed.ctx.db.insert(outboundEmails).values({
      recipient: bed.users.seller.email,
      subject: 'Reset your password',
      textBody: 'https://cpq.example.com/reset-password?token=secret',
      purpose: 'password_reset',
    });
    type Outbox = {
      rows: { recipient: string; purpose: string; text_body: string | null; state: string }[];
      total: number;
    };
    const outbox = await calls.dataOf<Outbox>(
      '/api/admin/outbox',
      { recipient: bed.users.seller.email, page_size: 100 },
      'root',
    );
    expect(outbox.rows.find((r) => r.purpose === 'password_reset')).toMatchObject({
      text_body: null,
      state: 'queued',
    });
    const approvals = await calls.dataOf<Outbox>(
      '/api/admin/outbox',
      { purpose: 'approval_outcome', recipient: bed.users.seller.email },
      'it',
    );
    expect(approvals.total).toBeGreaterThanOrEqual(2);
    expect(approvals.rows.every((r) => r.purpose === 'approval_outcome')).toBe(true);
    expect((await calls.post('/api/admin/outbox', {}, 'seller')).statusCode).toBe(403);
    expect((await calls.post('/api/admin/outbox', {}, 'desk')).statusCode).toBe(403);
  });
});
