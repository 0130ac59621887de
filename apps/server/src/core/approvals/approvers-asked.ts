import type { Database } from '@bastion/db/client';

/**
 * Smart re-approval asks approvers again inside a quote write, which lives in core and knows no
 * mailer. The approvals feature listens here (per database, as tests build many apps in one
 * process) and mails the approvers once the write is committed.
 */
export interface ApproversAsked {
  quoteId: string;
  submissionId: string;
  /** The steps that became pending. */
  stepIds: string[];
}

type Listener = (asked: ApproversAsked) => Promise<void>;

const listeners = new WeakMap<Database, Listener>();

export function whenApproversAsked(db: Database, listener: Listener): void {
  listeners.set(db, listener);
}

/** After the commit: never fails the write that asked (the listener logs its own failures). */
export function announceApproversAsked(db: Database, asked: ApproversAsked): void {
  const listener = listeners.get(db);
  if (listener) void listener(asked).catch(() => undefined);
}
