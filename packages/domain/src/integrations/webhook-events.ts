/*
 * Webhooks (issue 21): the events administrators subscribe endpoints to, and which of them a
 * change to a quote raises. Every status change of a quote is written with a history entry in
 * the change's transaction; the events are derived from that entry, so they are enqueued in the
 * same transaction and leave only if the change commits.
 */

export const QUOTE_WEBHOOK_EVENTS = [
  'quote.submitted',
  'quote.approved',
  'quote.rejected',
  'quote.accepted',
  'quote.completed',
  'quote.archived',
  'approval.step_decided',
] as const;
export type QuoteWebhookEvent = (typeof QUOTE_WEBHOOK_EVENTS)[number];

/** What the "Send a test event" button sends; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookEventType = QuoteWebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** How the administrators' page names each event. */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'quote.submitted': 'Quote submitted for approval',
  'quote.approved': 'Quote approved',
  'quote.rejected': 'Quote rejected',
  'quote.accepted': 'Quote accepted by the customer',
  'quote.completed': 'Quote completed',
  'quote.archived': 'Quote archived',
  'approval.step_decided': 'Approval step decided',
  'webhook.test': 'Test event',
};

/** A quote history entry as written: its action and its field changes. */
export interface HistoryEntryFacts {
  action: string;
  changes: readonly { field: string; before: unknown; after: unknown }[];
}

/** The actions that submit a quote (for approval, or as a budgetary quote). */
const SUBMISSIONS: ReadonlySet<string> = new Set(['approval_submitted', 'submitted_budgetary']);
/** The actions that decide one approval step. */
const STEP_DECISIONS: ReadonlySet<string> = new Set([
  'approval_step_approved',
  'approval_step_rejected',
]);
/**
 * Entries whose status is no event: a new quote (a copy included) starts where it starts, and
 * unarchiving restores the status the quote had, announced when it was first reached.
 */
const NO_STATUS_EVENT: ReadonlySet<string> = new Set(['created', 'unarchived']);

/** The status a quote reaches that is an event of its own. */
const STATUS_EVENTS: Readonly<Record<string, QuoteWebhookEvent>> = {
  APPROVED: 'quote.approved',
  REJECTED: 'quote.rejected',
  ACCEPTED: 'quote.accepted',
  COMPLETED: 'quote.completed',
  ARCHIVED: 'quote.archived',
};

/**
 * The events a history entry raises, in the order they happened: a submission first (a quote
 * that needs no approval is submitted and approved at once), then a step's decision, then the
 * status the quote reached because of it (the last approval approves the quote, a rejection
 * rejects it). A status change back to an earlier step of the flow (revised, voided) raises none.
 */
export function webhookEventsOf(entry: HistoryEntryFacts): QuoteWebhookEvent[] {
  const events: QuoteWebhookEvent[] = [];
  if (SUBMISSIONS.has(entry.action)) events.push('quote.submitted');
  if (STEP_DECISIONS.has(entry.action)) events.push('approval.step_decided');
  if (NO_STATUS_EVENT.has(entry.action)) return events;
  const status = entry.changes.find((change) => change.field === 'status_id');
  if (status && status.before !== status.after && typeof status.after === 'string') {
    const event = STATUS_EVENTS[status.after];
    if (event) events.push(event);
  }
  return events;
}
