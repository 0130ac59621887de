import { checkPredicateTree } from '@bastion/domain/approvals/predicates';
import {
  evaluateApprovalRules,
  type ApprovalRequirement,
  type ApprovalRule,
} from '@bastion/domain/approvals/rules';
import {
  buildApprovalChain,
  type ChainStage,
  type WorkflowNode,
} from '@bastion/domain/approvals/workflow';
import type { Database } from '@bastion/db/client';
import { readTogether } from '../../lib/db/read-together.ts';
import type { LoadedApprovalFacts } from './approval-facts.repository.ts';
import { findDefaultWorkflow, listActiveRules, listGroups } from './approval-setup.repository.ts';

export interface ApprovalPlan {
  /** The active rules whose stored trees pass the checks, as evaluated. */
  rules: ApprovalRule[];
  requirement: ApprovalRequirement;
  chain: ChainStage[];
  workflowTemplateId: string | null;
  groupNames: Map<string, string>;
  /** Every group each active rule names, applicable to the quote or not. */
  ruleGroupIds: Map<string, string[]>;
}

const isWorkflowNode = (node: unknown): node is WorkflowNode =>
  typeof node === 'object' &&
  node !== null &&
  ((node as { kind?: unknown }).kind === 'START' ||
    (node as { kind?: unknown }).kind === 'END' ||
    ((node as { kind?: unknown }).kind === 'STEP' &&
      Array.isArray((node as { group_ids?: unknown }).group_ids)));

/**
 * Who must approve the quote now, and in what order: the active rules evaluated on its facts
 * (packages/domain/src/approvals/rules.ts) and the chain the default workflow makes of the
 * groups they require. A rule whose stored tree no longer passes the checks is left out.
 */
export async function planApproval(
  db: Database,
  loaded: LoadedApprovalFacts,
): Promise<ApprovalPlan> {
  // Also planned inside a quote write's transaction (smart re-approval): one query at a time.
  const [rules, groups, workflow] = await readTogether(db, [
    () => listActiveRules(db),
    () => listGroups(db),
    () => findDefaultWorkflow(db),
  ]);
  const checked: ApprovalRule[] = rules.flatMap((rule) => {
    const tree = checkPredicateTree(rule.predicate);
    return tree.ok
      ? [
          {
            id: rule.id,
            name: rule.name,
            predicate: tree.tree,
            group_ids: rule.groupIds,
            is_active: rule.isActive,
            always_reapprove: rule.alwaysReapprove,
          },
        ]
      : [];
  });
  const requirement = evaluateApprovalRules(
    checked,
    groups.map((g) => ({
      id: g.id,
      name: g.name,
      is_global: g.isGlobal,
      regions: g.regions,
      is_active: g.isActive,
    })),
    loaded.facts,
    loaded.region,
  );
  const nodes = Array.isArray(workflow?.nodes) ? workflow.nodes.filter(isWorkflowNode) : null;
  return {
    rules: checked,
    requirement,
    chain: buildApprovalChain(nodes, requirement.required_groups),
    workflowTemplateId: workflow?.id ?? null,
    groupNames: new Map(groups.map((g) => [g.id, g.name])),
    ruleGroupIds: new Map(rules.map((r) => [r.id, r.groupIds])),
  };
}

/** Why the quote went through without approval, in the words the trail keeps. */
export function noApprovalReason(plan: ApprovalPlan, region: string): string {
  if (plan.requirement.matched_rules.length === 0) return 'No approval rule matched.';
  const names = plan.requirement.matched_rules.map((r) => `"${r.rule_name}"`).join(', ');
  return `No approval rule matched with a group that covers ${region || 'this quote'} (rules ${names} held, but their groups do not apply).`;
}
