/**
 * Statuses bound to a submission: a change the approvers judged voids it (docs/decisions/013).
 */
export const APPROVAL_STATUSES: readonly string[] = [
  'PENDING_APPROVAL',
  'APPROVED',
  'REJECTED',
  'BUDGETARY',
];

/**
 * Statuses in which a quote's products, terms and details may change: while it is being built
 * (spec §4 flow: configure, shipping, terms), and after it was submitted or decided, when a
 * change an approver would judge voids the submission and sends the quote back through the flow.
 */
export const EDITABLE_STATUSES: ReadonlySet<string> = new Set([
  'INCOMPLETE',
  'SH_HW_CONFIG',
  'TNC',
  ...APPROVAL_STATUSES,
]);
