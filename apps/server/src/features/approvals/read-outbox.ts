import type { Database } from '@bastion/db/client';
import type { outboundEmails } from '@bastion/db/schema/mail';
import { listOutbox } from './approvals.repository.ts';
import { MAIL_PURPOSES } from './approval-mail.ts';
import { pageOf, pageWindow, type PageRequest } from '../../lib/db/paging.ts';

const READABLE_PURPOSES: ReadonlySet<string> = new Set(Object.values(MAIL_PURPOSES));

type OutboxRow = typeof outboundEmails.$inferSelect;

function deliveryStateOf(row: OutboxRow) {
  if (row.sentAt) return 'sent' as const;
  return row.lastError ? ('failed' as const) : ('queued' as const);
}

/** One e-mail as the outbox shows it: its body only where that is safe to read (see below). */
function outboxEntryOf(row: OutboxRow) {
  return {
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    purpose: row.purpose,
    text_body: READABLE_PURPOSES.has(row.purpose) && row.textBody !== '' ? row.textBody : null,
    state: deliveryStateOf(row),
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    last_error: row.lastError,
  };
}

/**
 * POST /api/admin/outbox (root and IT admins): the e-mails the application sent or still holds,
 * newest first, so the deployment's mail can be checked from the app. Bodies are shown for the
 * approval e-mails only, and only while unsent (sent ones are cleared): other mail, such as a
 * password reset, holds single-use links that are nobody else's to read.
 */
export async function readOutbox(
  db: Database,
  input: PageRequest & { purpose?: string | undefined; recipient?: string | undefined },
) {
  const { rows, total } = await listOutbox(
    db,
    { purpose: input.purpose, recipient: input.recipient },
    pageWindow(input),
  );
  return { rows: rows.map(outboxEntryOf), total, ...pageOf(input) };
}
