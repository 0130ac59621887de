import { describe, expect, it } from 'vitest';
import { webhookEventsOf, type HistoryEntryFacts } from './webhook-events.ts';

const status = (before: string | null, after: string) => ({ field: 'status_id', before, after });
const entry = (action: string, ...changes: HistoryEntryFacts['changes']): HistoryEntryFacts => ({
  action,
  changes,
});

describe('webhookEventsOf', () => {
  it.each<[string, HistoryEntryFacts, string[]]>([
    [
      'a submission that waits for approvers',
      entry('approval_submitted', status('TNC', 'PENDING_APPROVAL')),
      ['quote.submitted'],
    ],
    [
      'a submission that needs no approval: submitted, then approved',
      entry('approval_submitted', status('TNC', 'APPROVED'), {
        field: 'approval',
        before: null,
        after: 'No approval rule applies.',
      }),
      ['quote.submitted', 'quote.approved'],
    ],
    [
      'a budgetary submission',
      entry('submitted_budgetary', status('TNC', 'BUDGETARY')),
      ['quote.submitted'],
    ],
    [
      'a step approved, others still pending',
      entry('approval_step_approved', { field: 'approval Desk', before: 'pending', after: 'x' }),
      ['approval.step_decided'],
    ],
    [
      'the last step approved: decided, then the quote approved',
      entry(
        'approval_step_approved',
        { field: 'approval Desk', before: 'pending', after: 'x' },
        status('PENDING_APPROVAL', 'APPROVED'),
      ),
      ['approval.step_decided', 'quote.approved'],
    ],
    [
      'a step rejected: decided, then the quote rejected',
      entry(
        'approval_step_rejected',
        { field: 'approval Desk', before: 'pending', after: 'x' },
        status('PENDING_APPROVAL', 'REJECTED'),
      ),
      ['approval.step_decided', 'quote.rejected'],
    ],
    ['accepted by a user', entry('accepted', status('APPROVED', 'ACCEPTED')), ['quote.accepted']],
    [
      'accepted by the customer through a link',
      entry('customer_accepted', status('APPROVED', 'ACCEPTED'), {
        field: 'customer',
        before: null,
        after: 'Jane',
      }),
      ['quote.accepted'],
    ],
    ['completed', entry('completed', status('ACCEPTED', 'COMPLETED')), ['quote.completed']],
    ['archived', entry('archived', status('APPROVED', 'ARCHIVED')), ['quote.archived']],
    [
      'unarchived back to APPROVED: nothing new',
      entry('unarchived', status('ARCHIVED', 'APPROVED')),
      [],
    ],
    ['revised back to INCOMPLETE', entry('revised', status('APPROVED', 'INCOMPLETE')), []],
    [
      'a submission voided by an edit',
      entry('configuration_saved', status('APPROVED', 'INCOMPLETE')),
      [],
    ],
    ['created', entry('created', status(null, 'INCOMPLETE')), []],
    ['a copy created', entry('created', status(null, 'APPROVED')), []],
    [
      'an edit without a status change',
      entry('header_saved', { field: 'quote_name', before: 'a', after: 'b' }),
      [],
    ],
    ['a status written as it was', entry('accepted', status('ACCEPTED', 'ACCEPTED')), []],
    ['a lock', entry('locked', { field: 'locked_by', before: null, after: 'Ann' }), []],
  ])('%s', (_label, facts, expected) => {
    expect(webhookEventsOf(facts)).toEqual(expected);
  });
});
