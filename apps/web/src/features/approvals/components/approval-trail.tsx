import Table from 'react-bootstrap/Table';
import { StatusBadge } from '@/components/status-badge.tsx';
import type { ApprovalSubmissionView } from '../api/approval-types.ts';
import {
  personName,
  stepDisplay,
  SUBMISSION_LABELS,
  SUBMISSION_TONES,
  when,
} from './approval-format.ts';

/**
 * Every submission of the quote, newest first, with each step: who decided, for whom, when,
 * what they said, and how the submission ended (approved, rejected, recalled, voided and why).
 */
export function ApprovalTrail({ submissions }: { submissions: readonly ApprovalSubmissionView[] }) {
  if (submissions.length === 0) {
    return <p className="text-body-secondary mb-0">This quote has not been submitted yet.</p>;
  }
  const newestFirst = [...submissions].sort((a, b) => b.number - a.number);
  return (
    <ol className="approval-trail" aria-label="Approval trail" reversed>
      {newestFirst.map((submission) => (
        <li
          key={submission.id}
          aria-label={`Submission ${submission.number}`}
          className="approval-trail-entry"
        >
          <div className="d-flex flex-wrap align-items-center gap-2">
            <span className="fw-semibold">
              Submission {submission.number}
              {submission.is_budgetary ? ' (budgetary)' : ''}
            </span>
            <StatusBadge
              label={submission.is_budgetary ? 'Budgetary' : SUBMISSION_LABELS[submission.state]}
              tone={submission.is_budgetary ? 'purple' : SUBMISSION_TONES[submission.state]}
            />
          </div>
          <div className="small text-body-secondary">
            Submitted by {personName(submission.submitted_by)} · {when(submission.submitted_at)}
            {submission.revision_number !== null ? (
              <> · revision {submission.revision_number}</>
            ) : null}
            {submission.closed_at ? <> · closed {when(submission.closed_at)}</> : null}
          </div>
          {submission.outcome_reason ? (
            <div className="small mt-1" data-testid="outcome-reason">
              <i className="bi bi-info-circle me-1" aria-hidden="true" />
              {submission.outcome_reason}
            </div>
          ) : null}
          {submission.is_auto_approved ? (
            <div className="small mt-1">No approval rule applied: approved at once.</div>
          ) : null}
          {submission.stages.length > 0 ? (
            // Scrolls sideways in the narrow panel: a named, focusable region lets keys scroll it.
            <div
              className="table-responsive mt-2"
              role="region"
              aria-label={`Steps of submission ${submission.number}`}
              tabIndex={0}
            >
              <Table size="sm" className="approval-trail-steps mb-0">
                <thead>
                  <tr>
                    <th scope="col">Stage</th>
                    <th scope="col">Group</th>
                    <th scope="col">State</th>
                    <th scope="col">Decided by</th>
                    <th scope="col">When</th>
                    <th scope="col">Revision</th>
                    <th scope="col">Comment</th>
                  </tr>
                </thead>
                <tbody>
                  {submission.stages
                    .flatMap((stage) => stage.steps)
                    .map((step) => {
                      const display = stepDisplay(step);
                      return (
                        <tr key={step.id}>
                          <td className="text-nowrap">
                            {step.stage}. {step.stage_name}
                          </td>
                          <td>{step.group_name}</td>
                          <td>
                            <StatusBadge label={display.label} tone={display.tone} />
                          </td>
                          <td>
                            {step.decided_by ? personName(step.decided_by) : '—'}
                            {step.on_behalf_of ? (
                              <div className="small text-body-secondary">
                                on behalf of {personName(step.on_behalf_of)}
                              </div>
                            ) : null}
                          </td>
                          <td className="text-nowrap">
                            {when(step.decided_at) ||
                              (step.pending_since
                                ? `waiting since ${when(step.pending_since)}`
                                : '—')}
                          </td>
                          <td className="text-nowrap">
                            {step.decided_revision ?? '—'}
                            {step.is_carried_over ? (
                              <div className="small text-body-secondary">kept</div>
                            ) : null}
                          </td>
                          <td className="approval-trail-comment">{step.comment || '—'}</td>
                        </tr>
                      );
                    })}
                </tbody>
              </Table>
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
