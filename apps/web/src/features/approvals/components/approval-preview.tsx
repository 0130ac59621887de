import Spinner from 'react-bootstrap/Spinner';
import type { ApprovalPreview, MatchedRuleView } from '../api/approval-types.ts';
import { personName } from './approval-format.ts';

/**
 * "Who must approve": each rule the quote matches with the conditions that held and the quote's
 * values, then the chain of stages and groups that submitting would start.
 */
export function ApprovalPreviewView({
  preview,
  isPending,
  error,
}: {
  preview: ApprovalPreview | undefined;
  isPending: boolean;
  error: Error | null;
}) {
  if (isPending) {
    return (
      <Spinner animation="border" size="sm" role="status" aria-label="Working out who approves" />
    );
  }
  if (error || !preview) {
    return (
      <p className="text-danger">
        Who must approve could not be worked out: {error?.message ?? 'no answer'}
      </p>
    );
  }
  if (preview.outcome === 'APPROVED' || preview.stages.length === 0) {
    return (
      <div className="approval-preview is-clear" role="region" aria-label="Who must approve">
        <p className="mb-0">
          <i className="bi bi-check-circle text-success me-2" aria-hidden="true" />
          No approval rule applies to this quote as it stands: submitting approves it at once.
        </p>
      </div>
    );
  }
  return (
    <div className="approval-preview" role="region" aria-label="Who must approve">
      <h3 className="h6">Who must approve, and why</h3>
      <MatchedRulesList rules={preview.matched_rules} region={preview.region} />
      <h4 className="h6 mt-3">In this order</h4>
      <ol className="approval-chain" aria-label="Approval chain">
        {preview.stages.map((stage) => (
          <li key={stage.stage}>
            <span className="fw-semibold">
              Stage {stage.stage}: {stage.name}
            </span>
            {stage.steps.length > 1 ? (
              <span className="small text-body-secondary"> (these groups decide together)</span>
            ) : null}
            <ul>
              {stage.steps.map((step) => (
                <li key={step.group_id}>
                  {step.group_name}
                  {step.approvers.length > 0 ? (
                    <span className="small">
                      {' '}
                      ({step.approvers.map((p) => personName(p)).join(', ')})
                    </span>
                  ) : (
                    <span className="small text-danger"> (nobody can approve for it yet)</span>
                  )}
                  {step.rule_names.length > 0 ? (
                    <span className="small text-body-secondary">
                      {' '}
                      — for {step.rule_names.join('; ')}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Each matched rule with the conditions that held and the quote's values. */
export function MatchedRulesList({
  rules,
  region,
}: {
  rules: readonly (MatchedRuleView & {
    groups?: { group_id: string; group_name: string; applies: boolean }[];
  })[];
  region?: string;
}) {
  return (
    <ul className="approval-rules" aria-label="Matched rules">
      {rules.map((rule) => {
        const skipped = (rule.groups ?? []).filter((g) => !g.applies);
        return (
          <li key={rule.rule_id}>
            <span className="fw-semibold">{rule.rule_name}</span>
            <ul className="approval-reasons">
              {rule.reasons.map((reason, index) => (
                <li key={`${reason.fact}-${index}`}>{reason.sentence}</li>
              ))}
              {skipped.length > 0 ? (
                <li className="text-body-secondary">
                  Not asked: {skipped.map((g) => g.group_name).join(', ')} (does not cover the
                  quote&apos;s region{region ? `, ${region}` : ''})
                </li>
              ) : null}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
