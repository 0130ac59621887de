import type { Database } from '@bastion/db/client';
import { listOutbox } from './approvals.repository.ts';
import { MAIL_PURPOSES } from './approval-mail.ts';

const READABLE_PURPOSES: ReadonlySet<string> = new Set(Object.values(MAIL_PURPOSES));

/**
 * POST /api/admin/outbox (root and IT admins): the e-mails the application sent or still holds,
 * newest first, so the deployment's mail can be checked from the app. Bodies are shown for the
 * approval e-mails only, and only while unsent (sent ones are cleared): other mail, such as a
 * password reset, holds single-use links that are nobody else's to read.
 */
export async function readOutbox(
  db: Database,
  input: {
    purpose?: string | undefined;
    recipient?: string | undefined;
    page: number;
    page_size: number;
  },
) {
  const { rows, total } = await listOutbox(
    db,
    { purpose: input.purpose, recipient: input.recipient },
    { offset: (input.page - 1) * input.page_size, limit: input.page_size },
  );
  return {
    rows: rows.map((row) => ({
      id: row.id,
      recipient: row.recipient,
      subject: row.subject,
      purpose: row.purpose,
      text_body: READABLE_PURPOSES.has(row.purpose) && row.textBody !== '' ? row.textBody : null,
      state: row.sentAt
        ? ('sent' as const)
        : row.lastError
          ? ('failed' as const)
          : ('queued' as const),
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
      last_error: row.lastError,
    })),
    total,
    page: input.page,
    page_size: input.page_size,
  };
}
