import { eq } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { outboundEmails } from '@bastion/db/schema/mail';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** What the message is for, e.g. password_reset. */
  purpose: string;
}

/** Records a message in the outbox; the answer is its id. */
export async function recordOutboundEmail(db: Database, email: OutgoingEmail): Promise<string> {
  const [row] = await db
    .insert(outboundEmails)
    .values({
      recipient: email.to,
      subject: email.subject,
      textBody: email.text,
      purpose: email.purpose,
    })
    .returning({ id: outboundEmails.id });
  if (!row) throw new Error('outbox insert returned nothing');
  return row.id;
}

/** Sent messages keep their envelope, not their content: it may hold single-use links. */
export async function markOutboundEmailSent(db: Database, id: string): Promise<void> {
  await db
    .update(outboundEmails)
    .set({ sentAt: new Date(), textBody: '', lastError: '' })
    .where(eq(outboundEmails.id, id));
}

export async function markOutboundEmailFailed(
  db: Database,
  id: string,
  error: unknown,
): Promise<void> {
  await db
    .update(outboundEmails)
    .set({ lastError: String(error).slice(0, 500) })
    .where(eq(outboundEmails.id, id));
}
