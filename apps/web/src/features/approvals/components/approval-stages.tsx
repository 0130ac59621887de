import {
  approvalStepTone,
  stepBarState,
  type ApprovalStepState,
} from '@bastion/domain/quotes/approval-step-display';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/status-badge.tsx';
import type { ApprovalStageView, ApprovalStepView } from '../api/approval-types.ts';
import { personName, stepDisplay, when } from './approval-format.ts';

const STAGE_STATE_TEXT: Readonly<Record<ApprovalStepState, string>> = {
  awaited: 'not started',
  pending: 'waiting for a decision',
  approved: 'approved',
  rejected: 'rejected',
};

const STAGE_ICONS: Readonly<Record<ApprovalStepState, string | null>> = {
  awaited: null,
  pending: 'bi-hourglass-split',
  approved: 'bi-check-lg',
  rejected: 'bi-x-lg',
};

/** Who decided a step and when, on whose behalf, with the comment. */
export function StepDecision({ step }: { step: ApprovalStepView }) {
  if (!step.decided_at && !step.decided_by) {
    return step.state === 'pending' && !step.is_voided && step.pending_since ? (
      <span className="text-body-secondary">Waiting since {when(step.pending_since)}</span>
    ) : null;
  }
  return (
    <span>
      {step.state === 'rejected' ? 'Rejected' : 'Approved'} by{' '}
      <strong>{personName(step.decided_by)}</strong>
      {step.on_behalf_of ? <> on behalf of {personName(step.on_behalf_of)}</> : null}
      {step.decided_at ? <> · {when(step.decided_at)}</> : null}
      {step.decided_revision !== null ? <> · revision {step.decided_revision}</> : null}
      {step.is_carried_over ? (
        <span className="text-body-secondary"> (still stands after the quote changed)</span>
      ) : null}
      {step.comment ? <q className="d-block approval-comment">{step.comment}</q> : null}
    </span>
  );
}

/** Why a group is asked again after a change (smart re-approval), and where to see the change. */
function AskedAgain({
  step,
  changesSince,
}: {
  step: ApprovalStepView;
  changesSince?: (revision: number) => string | null;
}) {
  const again = step.asked_again;
  if (!again) return null;
  const since = again.since_revision;
  const href = since !== null && changesSince ? changesSince(since) : null;
  return (
    <div className="small approval-asked-again">
      <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
      {since !== null ? <>Approved on revision {since}; asked again: </> : <>Asked: </>}
      {again.reasons.length > 0 ? again.reasons.join(' ') : 'the quote changed.'}
      {href ? (
        <>
          {' '}
          <Link to={href}>What changed since revision {since}</Link>
        </>
      ) : null}
    </div>
  );
}

/**
 * The approval step indicator (spec §4): each stage of the chain in its visual state (awaited
 * grey, pending warning, approved success, rejected danger) with a bar in the step-bar state,
 * and under it the groups of the stage with who decided. `renderActions` adds a step's buttons.
 */
export function ApprovalStages({
  stages,
  renderActions,
  changesSince,
}: {
  stages: readonly ApprovalStageView[];
  renderActions?: (step: ApprovalStepView) => ReactNode;
  /** Where to see what changed since a revision (the revisions page, compared). */
  changesSince?: (revision: number) => string | null;
}) {
  return (
    <ol className="approval-stages" aria-label="Approval stages">
      {stages.map((stage) => {
        const bar = stepBarState(stage.state);
        const icon = STAGE_ICONS[stage.state];
        return (
          <li
            key={stage.stage}
            className={`approval-stage is-${stage.state}${bar ? ` bar-${bar}` : ''}`}
            data-state={stage.state}
            aria-label={`Stage ${stage.stage}: ${stage.name}, ${STAGE_STATE_TEXT[stage.state]}`}
          >
            <div className="approval-stage-head">
              <span
                className={`quote-step-marker approval-stage-marker tone-${approvalStepTone(stage.state)}`}
                aria-hidden="true"
              >
                {icon ? <i className={`bi ${icon}`} /> : stage.stage}
              </span>
              <span className="fw-semibold">
                Stage {stage.stage}: {stage.name}
              </span>
            </div>
            <ul className="approval-stage-steps">
              {stage.steps.map((step) => {
                const display = stepDisplay(step);
                return (
                  <li key={step.id} aria-label={`${step.group_name}: ${display.label}`}>
                    <div className="d-flex flex-wrap align-items-center gap-2">
                      <span className="fw-semibold">{step.group_name}</span>
                      <StatusBadge label={display.label} tone={display.tone} />
                    </div>
                    {step.reasons.length > 0 ? (
                      <div className="small text-body-secondary">
                        Because: {step.reasons.join('; ')}
                      </div>
                    ) : null}
                    {step.asked_again ? (
                      <AskedAgain step={step} changesSince={changesSince} />
                    ) : null}
                    <div className="small">
                      <StepDecision step={step} />
                    </div>
                    {renderActions ? renderActions(step) : null}
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
