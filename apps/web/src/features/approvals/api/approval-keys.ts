/** Query keys of the approvals feature; a decision refreshes the queue, the count and the quote. */
export const approvalKeys = {
  all: ['approvals'] as const,
  pendingCount: ['approvals', 'pending-count'] as const,
  queue: ['approvals', 'queue'] as const,
  queueFilters: ['approvals', 'queue-filters'] as const,
  state: (quoteId: string) => ['approvals', 'state', quoteId] as const,
  preview: (quoteId: string) => ['approvals', 'preview', quoteId] as const,
  delegations: ['approvals', 'delegations'] as const,
  outbox: ['approvals', 'outbox'] as const,
};

/** The quotes feature's cache of one quote (its summary and view live under ['quote', id]). */
export const quoteCacheKey = (quoteId: string) => ['quote', quoteId] as const;
