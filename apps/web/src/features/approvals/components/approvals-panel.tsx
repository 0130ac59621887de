import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { SectionLoadState } from '@/components/section-load-state.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import type { ApprovalState, ApprovalStepView } from '../api/approval-types.ts';
import { useApprovalChange, useApprovalPreview, useApprovalState } from '../api/quote-approval.ts';
import { ApprovalPreviewView, MatchedRulesList } from './approval-preview.tsx';
import { ApprovalStages } from './approval-stages.tsx';
import { ApprovalTrail } from './approval-trail.tsx';
import { personName, SUBMISSION_LABELS, SUBMISSION_TONES } from './approval-format.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { DecideButtons } from './decide-buttons.tsx';
import { DecisionModal, type DecisionKind } from './decision-modal.tsx';
import { requestModalProps } from './request-modal-props.ts';
import './approvals.css';

interface QuoteRef {
  id: string;
  quote_number: string;
  quote_name: string;
}

/**
 * The summary's approvals panel (docs/decisions/013): before submitting, who must approve and
 * why, with Submit and Submit as budgetary; once submitted, the stages with their states, the
 * caller's approve/reject buttons, recall for the submitter, and the whole trail.
 */
export function ApprovalsPanel({ quote }: { quote: QuoteRef }) {
  const state = useApprovalState(quote.id);
  return (
    <section
      className="summary-section no-print approvals-panel"
      aria-labelledby="summary-approvals"
    >
      <h2 id="summary-approvals" className="h5" tabIndex={-1}>
        Approvals
      </h2>
      <SectionLoadState query={state} what="the approvals">
        {(data) => <ApprovalsPanelBody quote={quote} state={data} />}
      </SectionLoadState>
    </section>
  );
}

type Dialog =
  { kind: DecisionKind; step: ApprovalStepView } | { kind: 'recall' } | { kind: 'budgetary' };

function ApprovalsPanelBody({ quote, state }: { quote: QuoteRef; state: ApprovalState }) {
  const canSubmit = state.can.submit || state.can.submit_budgetary;
  const preview = useApprovalPreview(quote.id, state.can.submit);
  const version = state.quote.version;
  const change = useApprovalChange(quote.id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const current = state.current;
  const isOpen = current?.state === 'PENDING';
  const quoteLabel = `${quote.quote_number} ${quote.quote_name}`;
  const closeDialog = () => setDialog(null);
  // The button that was used goes with the state it belonged to: focus goes back to the
  // panel's heading, from where Tab reaches what can be done now (recall, decide).
  const focusPanel = () =>
    requestAnimationFrame(() => document.getElementById('summary-approvals')?.focus());
  const done = {
    onSuccess: () => {
      closeDialog();
      focusPanel();
    },
  };
  const myPendingSteps = isOpen
    ? current.stages.flatMap((stage) => stage.steps).filter((s) => s.can_decide)
    : [];
  const submissions = current ? [current, ...state.trail] : state.trail;

  return (
    <>
      {change.isError && dialog === null ? (
        <Alert variant="danger" dismissible onClose={() => change.reset()} role="alert">
          {change.error.message}
        </Alert>
      ) : null}
      {/* There before any submission, so that the outcome of one is said when it shows. */}
      <div role="status" aria-live="polite">
        {current ? <CurrentOutcome state={state} /> : null}
      </div>
      {state.edits_void_approval ? (
        <p className="small text-body-secondary">
          <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
          {state.quote.status_id === 'PENDING_APPROVAL' || state.quote.status_id === 'APPROVED'
            ? 'Changing this quote’s products or terms now submits it again: only the approvers whose rules the change makes worse are asked again, the other approvals stand.'
            : 'Changing this quote’s products or terms now cancels its approval: it would have to be submitted again.'}
        </p>
      ) : null}

      {myPendingSteps.length > 0 ? (
        <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
          <i className="bi bi-hand-index me-1" aria-hidden="true" />
          <span className="me-auto">
            Your decision is needed for{' '}
            <strong>{myPendingSteps.map((s) => s.group_name).join(', ')}</strong>.
          </span>
        </Alert>
      ) : null}

      {isOpen && current.matched_rules.length > 0 ? (
        <div className="approval-preview" role="region" aria-label="Why it needs approval">
          <h3 className="h6">Why it needs approval</h3>
          <MatchedRulesList rules={current.matched_rules} />
        </div>
      ) : null}

      {current && current.stages.length > 0 && current.state !== 'VOIDED' ? (
        <ApprovalStages
          stages={current.stages}
          changesSince={(since) =>
            current.revision_number === null
              ? null
              : `/cpq/quote-revisions/${state.quote.id}/${state.quote.quote_type}?from=${since}&to=${current.revision_number}`
          }
          renderActions={(step) =>
            isOpen && step.can_decide && step.state === 'pending' ? (
              <DecideButtons
                subject={`for ${step.group_name}`}
                onDecide={(kind) => setDialog({ kind, step })}
              />
            ) : null
          }
        />
      ) : null}

      {state.can.recall ? (
        <div className="mb-3">
          <Button variant="outline-secondary" onClick={() => setDialog({ kind: 'recall' })}>
            <i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />
            Recall the submission
          </Button>
          <span className="small text-body-secondary ms-2">
            Takes the quote back from the approvers so you can change it.
          </span>
        </div>
      ) : null}

      {canSubmit ? (
        <>
          {state.can.submit ? (
            <ApprovalPreviewView
              preview={preview.data}
              isPending={preview.isPending}
              error={preview.error}
            />
          ) : null}
          <div className="approval-submit-bar" role="group" aria-label="Submit this quote">
            {state.can.submit ? (
              <div className="approval-submit-option">
                <Button
                  variant="primary"
                  disabled={change.isPending}
                  onClick={() =>
                    change.mutate(
                      { action: 'submit', quote_id: quote.id, version },
                      { onSuccess: focusPanel },
                    )
                  }
                >
                  {change.isPending && change.variables?.action === 'submit' ? (
                    <Spinner animation="border" size="sm" className="me-1" />
                  ) : (
                    <i className="bi bi-send me-1" aria-hidden="true" />
                  )}
                  Submit for approval
                </Button>
                <div className="small text-body-secondary mt-1">
                  {preview.data?.outcome !== 'APPROVED'
                    ? 'The groups above are asked in order; you are told of each decision.'
                    : 'With no rule to satisfy, the quote is approved at once.'}
                </div>
              </div>
            ) : null}
            {state.can.submit_budgetary ? (
              <div className="approval-submit-option">
                <Button
                  variant="outline-primary"
                  disabled={change.isPending}
                  onClick={() => setDialog({ kind: 'budgetary' })}
                >
                  <i className="bi bi-calculator me-1" aria-hidden="true" />
                  Submit as budgetary
                </Button>
                <div className="small text-body-secondary mt-1">
                  For the customer&apos;s planning only: an indicative price that is not approved
                  and cannot be accepted. No approval is asked; the quote prints marked
                  &quot;Budgetary&quot;.
                </div>
              </div>
            ) : null}
          </div>
        </>
      ) : state.submit_blockers.length > 0 && !isOpen ? (
        <Alert variant="secondary" className="small">
          It cannot be submitted yet: {state.submit_blockers.join(' ')}
        </Alert>
      ) : null}

      <h3 className="h6 mt-3">Approval trail</h3>
      <ApprovalTrail submissions={submissions} />

      {dialog?.kind === 'approve' || dialog?.kind === 'reject' ? (
        <DecisionModal
          target={{
            kind: dialog.kind,
            quoteLabel,
            stepLabel: `${dialog.step.group_name} (stage ${dialog.step.stage}: ${dialog.step.stage_name})`,
            reasons: dialog.step.reasons,
            onBehalfOf: dialog.step.acting_for ? personName(dialog.step.acting_for) : null,
          }}
          {...requestModalProps(change, closeDialog)}
          onConfirm={(comment) =>
            change.mutate(
              dialog.kind === 'reject'
                ? {
                    action: 'reject',
                    quote_id: quote.id,
                    step_id: dialog.step.id,
                    version,
                    comment,
                  }
                : {
                    action: 'approve',
                    quote_id: quote.id,
                    step_id: dialog.step.id,
                    version,
                    ...(comment ? { comment } : {}),
                  },
              done,
            )
          }
        />
      ) : null}
      {dialog?.kind === 'recall' ? (
        <ConfirmModal
          title="Recall this submission?"
          confirmLabel="Recall"
          comment={{ label: 'Comment for the approvers (optional)' }}
          {...requestModalProps(change, closeDialog)}
          onConfirm={(comment) =>
            change.mutate(
              {
                action: 'recall',
                quote_id: quote.id,
                version,
                ...(comment ? { comment } : {}),
              },
              done,
            )
          }
        >
          The approvers are no longer asked; decisions already made are kept in the trail. The quote
          returns to its terms step and must be submitted again.
        </ConfirmModal>
      ) : null}
      {dialog?.kind === 'budgetary' ? (
        <ConfirmModal
          title="Submit as budgetary?"
          confirmLabel="Submit as budgetary"
          {...requestModalProps(change, closeDialog)}
          onConfirm={() =>
            change.mutate({ action: 'submit', quote_id: quote.id, version, budgetary: true }, done)
          }
        >
          A budgetary quote gives the customer an indicative price for planning. It is{' '}
          <strong>not approved</strong>, cannot be accepted or booked, and is printed marked
          &quot;Budgetary&quot;. To sell at this price, revise it later and submit it for approval.
        </ConfirmModal>
      ) : null}
    </>
  );
}

/** How the latest submission stands, in one sentence with its reason. */
function CurrentOutcome({ state }: { state: ApprovalState }) {
  const current = state.current;
  if (!current) return null;
  const rejected = current.stages
    .flatMap((stage) => stage.steps)
    .find((s) => s.state === 'rejected');
  const label = current.is_budgetary ? 'Budgetary' : SUBMISSION_LABELS[current.state];
  const tone = current.is_budgetary ? 'purple' : SUBMISSION_TONES[current.state];
  const sentence = current.is_budgetary
    ? 'Submitted as budgetary: an indicative price, not approved.'
    : current.state === 'PENDING'
      ? `Submitted by ${personName(current.submitted_by)}; waiting for the stages below.`
      : current.state === 'APPROVED'
        ? current.is_auto_approved
          ? 'No approval rule applied: approved at once.'
          : 'Every required approval was given.'
        : current.state === 'REJECTED'
          ? rejected
            ? `${rejected.group_name} rejected it (${personName(rejected.decided_by)}). Revise the quote and submit it again.`
            : 'It was rejected. Revise the quote and submit it again.'
          : current.state === 'RECALLED'
            ? `The submission was recalled${current.outcome_reason ? `: ${current.outcome_reason}` : '.'}`
            : `The submission was voided${current.outcome_reason ? `: ${current.outcome_reason}` : '.'}`;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3" data-testid="approval-outcome">
      <span className="small text-body-secondary">Submission {current.number}:</span>
      <StatusBadge label={label} tone={tone} />
      <span>{sentence}</span>
      {rejected?.comment && current.state === 'REJECTED' ? (
        <q className="approval-comment w-100">{rejected.comment}</q>
      ) : null}
    </div>
  );
}
