import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_KIND_INFO, type NotificationKind } from '@bastion/domain/notifications/kinds';
import type { Database } from '@bastion/db/client';
import type { Mailer, OutgoingEmail } from '../../integrations/mail/mailer.ts';
import { findEmailChoices, insertNotifications } from './notifications.repository.ts';

/*
 * Issue 37 (decision 042): telling users of the events they act on. Each goes to the bell, and by
 * e-mail too when the user chose so for its kind (or the kind's default says so). Called after
 * the change it tells of is committed; a failure is logged, never turned into the change's.
 */

export interface Notice {
  userId: string;
  /** The e-mail address, when the notice may also go by e-mail. */
  email: string | null;
  quoteId: string | null;
  title: string;
  body: string;
  linkPath: string;
  /** Told once per user under this key, however often the event is seen. */
  dedupeKey?: string;
  /** The e-mail to send when the user wants this kind by e-mail. */
  mail?: Omit<OutgoingEmail, 'to'>;
}

export interface NotifyDeps {
  db: Database;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export async function notify(
  deps: NotifyDeps,
  kind: NotificationKind,
  notices: readonly Notice[],
  now: Date,
): Promise<void> {
  if (notices.length === 0) return;
  try {
    const told = await insertNotifications(
      deps.db,
      notices.map((notice) => ({
        userId: notice.userId,
        kind,
        quoteId: notice.quoteId,
        title: notice.title,
        body: notice.body,
        linkPath: notice.linkPath,
        dedupeKey: notice.dedupeKey ?? null,
        createdAt: now,
      })),
    );
    const toldKeys = new Set(told.map((row) => `${row.userId}:${row.dedupeKey ?? ''}`));
    const choices = await findEmailChoices(
      deps.db,
      notices.map((n) => n.userId),
      kind,
    );
    const byDefault = NOTIFICATION_KIND_INFO[kind].emailByDefault;
    for (const notice of notices) {
      // A notice already told (same dedupe key) is not mailed again either.
      if (
        !notice.mail ||
        !notice.email ||
        (notice.dedupeKey && !toldKeys.has(`${notice.userId}:${notice.dedupeKey}`))
      ) {
        continue;
      }
      if (!(choices.get(notice.userId) ?? byDefault)) continue;
      await deps.mailer.send({ to: notice.email, ...notice.mail });
    }
  } catch (error) {
    deps.log.error({ err: error, kind }, 'notification not recorded');
  }
}
