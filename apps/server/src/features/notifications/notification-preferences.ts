import type {
  NotificationPreferences,
  SaveNotificationPreferencesBody,
} from '@bastion/domain/notifications/api';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_INFO } from '@bastion/domain/notifications/kinds';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  listPreferences,
  savePreferences,
} from '../../core/notifications/notifications.repository.ts';
const CHOICES_ARE_THEIRS =
  'You are acting as someone else: their choice of e-mails is theirs to make.';

/** Every kind, with the caller's choice of e-mail (or the kind's default). */
export async function readNotificationPreferences(
  db: Database,
  caller: AuthContext,
): Promise<NotificationPreferences> {
  const own = new Map((await listPreferences(db, caller.userId)).map((p) => [p.kind, p.byEmail]));
  return {
    preferences: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      label: NOTIFICATION_KIND_INFO[kind].label,
      description: NOTIFICATION_KIND_INFO[kind].description,
      by_email: own.get(kind) ?? NOTIFICATION_KIND_INFO[kind].emailByDefault,
    })),
  };
}

/** Saves the caller's choices (kinds not sent keep theirs). */
export async function saveNotificationPreferences(
  db: Database,
  caller: AuthContext,
  body: SaveNotificationPreferencesBody,
): Promise<NotificationPreferences> {
  if (caller.impersonator !== null) {
    throw new AppError('FORBIDDEN', CHOICES_ARE_THEIRS);
  }
  const kinds = body.preferences.map((p) => p.kind);
  if (new Set(kinds).size !== kinds.length) {
    throw new AppError('VALIDATION_FAILED', 'Each kind of notification once.', {
      details: [{ path: 'preferences', message: 'Each kind of notification once.' }],
    });
  }
  await savePreferences(
    db,
    caller.userId,
    body.preferences.map((p) => ({ kind: p.kind, byEmail: p.by_email })),
  );
  return readNotificationPreferences(db, caller);
}
