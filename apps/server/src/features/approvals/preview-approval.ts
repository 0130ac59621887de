import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { approvalFactsOf } from '../../core/approvals/approval-facts.repository.ts';
import {
  requireApprovalQuote,
  scopeOf,
  submitBlockersNow,
  worksOnQuote,
} from './approval-state.ts';
import type { ApprovalPreview } from '@bastion/domain/approvals/api';
import { listApprovers, loadGroupMembers, loadPrincipals } from './approvers.ts';
import { planApproval } from '../../core/approvals/approval-plan.ts';

/**
 * Who must approve the quote if it were submitted now, and why: the rules that hold with each
 * condition and the quote's value, the groups they name (and whether those cover the quote),
 * and the chain, with the people who could decide each step.
 */
export async function previewApproval(
  db: Database,
  caller: AuthContext,
  quoteId: string,
  now = new Date(),
): Promise<ApprovalPreview> {
  const principals = await loadPrincipals(db, caller.userId, now);
  const quote = await requireApprovalQuote(db, caller, quoteId, principals);
  const loaded = await approvalFactsOf(db, quote);
  const plan = await planApproval(db, loaded);
  const members = await loadGroupMembers(
    db,
    plan.chain.flatMap((stage) => stage.steps.map((s) => s.group_id)),
  );
  // The one who would submit: the caller if they may, else the owner.
  const submitter = worksOnQuote(caller, quote) ? caller.userId : quote.ownerUserId;
  const facts: Record<string, number | string | boolean> = {};
  for (const [name, value] of Object.entries(loaded.facts)) {
    if (value !== undefined) facts[name] = value;
  }
  return {
    kind: 'preview',
    quote_id: quote.id,
    region: loaded.region,
    facts,
    matched_rules: plan.requirement.matched_rules.map((rule) => ({
      rule_id: rule.rule_id,
      rule_name: rule.rule_name,
      reasons: rule.reasons,
      group_ids: rule.group_ids,
      groups: (plan.ruleGroupIds.get(rule.rule_id) ?? rule.group_ids).map((id) => ({
        group_id: id,
        group_name: plan.groupNames.get(id) ?? 'A deleted group',
        applies: rule.group_ids.includes(id),
      })),
    })),
    stages: await Promise.all(
      plan.chain.map(async (stage) => ({
        stage: stage.stage,
        name: stage.name,
        steps: await Promise.all(
          stage.steps.map(async (step) => {
            const group = members.get(step.group_id);
            const approvers = group
              ? await listApprovers(db, group, scopeOf(quote), submitter, now)
              : [];
            return {
              group_id: step.group_id,
              group_name: step.group_name,
              rule_names: step.rule_names,
              approvers: approvers.map((a) => ({ id: a.id, name: a.name })),
            };
          }),
        ),
      })),
    ),
    outcome: plan.chain.length > 0 ? 'PENDING_APPROVAL' : 'APPROVED',
    submit_blockers: worksOnQuote(caller, quote) ? await submitBlockersNow(db, quote) : [],
  };
}
