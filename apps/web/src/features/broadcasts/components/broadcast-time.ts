import { formatDateTime } from '@bastion/domain/format/date-time';

/** The user's own time zone: every broadcast time is shown and entered in it. */
export const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An instant as the app shows times (spec §9), in the user's time zone. */
export const formatBroadcastTime = (iso: string) =>
  formatDateTime(Date.parse(iso) / 1000, userTimeZone);
