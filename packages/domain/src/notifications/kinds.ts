/**
 * What the bell tells a user beside broadcasts (issue 37, decision 042): the events they act on.
 * Each kind says whether it also goes by e-mail unless the user chose otherwise; the defaults keep
 * the e-mails the app sent before notifications existed.
 */
export const NOTIFICATION_KINDS = [
  'approval_waiting',
  'quote_approved',
  'quote_rejected',
  'quote_recalled',
  'mentioned',
  'quote_accepted',
  'quote_expiring',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_INFO: Readonly<
  Record<NotificationKind, { label: string; description: string; emailByDefault: boolean }>
> = {
  approval_waiting: {
    label: 'An approval waits for you',
    description: 'A quote needs your decision, or needs it again after a change.',
    emailByDefault: true,
  },
  quote_approved: {
    label: 'Your quote is approved',
    description: 'Every approver a quote you submitted needed has approved it.',
    emailByDefault: true,
  },
  quote_rejected: {
    label: 'Your quote is rejected',
    description: 'An approver rejected a quote you submitted, saying why.',
    emailByDefault: true,
  },
  quote_recalled: {
    label: 'Your quote is recalled',
    description: 'Someone else took a quote of yours back from its approvers.',
    emailByDefault: false,
  },
  mentioned: {
    label: 'You are mentioned',
    description: 'Someone @-mentioned you in a comment or a note on a quote.',
    emailByDefault: true,
  },
  quote_accepted: {
    label: 'The customer accepted your quote',
    description: 'A customer accepted a quote of yours through its acceptance link.',
    emailByDefault: true,
  },
  quote_expiring: {
    label: 'Your quote is about to expire',
    description:
      'A quote of yours that is still open reaches the end of its validity within a week.',
    emailByDefault: false,
  },
};

/** How many days before its validity ends a quote is said to be about to expire. */
export const EXPIRING_WITHIN_DAYS = 7;
