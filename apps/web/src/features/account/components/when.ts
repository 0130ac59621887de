import { formatDate, formatDateTime } from '@bastion/domain/format/date-time';

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An ISO instant as the app shows times (spec §9), in the user's time zone. */
export const whenOf = (iso: string) => formatDateTime(Date.parse(iso) / 1000, userTimeZone);

export const dayOf = (iso: string) => formatDate(Date.parse(iso) / 1000, userTimeZone);
