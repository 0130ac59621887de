import { eq, inArray } from 'drizzle-orm';
import { checkPredicateTree, type PredicateNode } from '@bastion/domain/approvals/predicates';
import { checkWorkflowNodes, type WorkflowNode } from '@bastion/domain/approvals/workflow';
import type { Database } from '../client.ts';
import {
  approvalGroupMembers,
  approvalGroups,
  approvalRules,
  partnerExceptions,
  workflowTemplates,
} from '../schema/approvals.ts';
import { users } from '../schema/users.ts';
import { crmDemoData } from './crm-demo-data.ts';

/*
 * The demo's approval set-up (issue 7, decision 013): who approves what, in which order, and
 * one partner with an exception. Seeded on the first start only, so an admin who deletes or
 * changes a demo rule does not see it come back.
 */

interface DemoGroup {
  name: string;
  description: string;
  userEmails: string[];
  roles: string[];
}

export const DEMO_APPROVAL_GROUPS: readonly DemoGroup[] = [
  {
    name: 'Finance approvers',
    description: 'Discounts and margins.',
    userEmails: ['approver@bastion.test'],
    roles: ['FINANCE_APPROVER'],
  },
  {
    name: 'Legal',
    description: 'Terms that differ from the standard clauses.',
    userEmails: [],
    roles: ['LEGAL_MANAGER', 'SR_CORP_COUNSEL'],
  },
  { name: 'CFO', description: 'The largest deals.', userEmails: [], roles: ['CFO'] },
  {
    name: 'Deal desk',
    description: 'Checks every quote that needs approval first.',
    userEmails: [],
    roles: ['DEAL_DESK'],
  },
];

const predicate = (fact: string, op: string, value: number | null = null) => ({
  kind: 'predicate',
  fact,
  op,
  value,
});

export const DEMO_APPROVAL_RULES: readonly { name: string; predicate: unknown; group: string }[] = [
  {
    name: 'Seller discount above 30 %',
    predicate: predicate('max_seller_discount_percent', 'gt', 30),
    group: 'Finance approvers',
  },
  {
    name: 'Non-standard terms',
    predicate: predicate('has_custom_clause', 'is_true'),
    group: 'Legal',
  },
  {
    name: 'Net total above 1,000,000 USD',
    predicate: predicate('net_total_usd', 'gt', 1_000_000),
    group: 'CFO',
  },
  {
    name: 'Partner exception',
    predicate: predicate('has_partner_exception', 'is_true'),
    group: 'Deal desk',
  },
  {
    name: 'Thin margin',
    predicate: {
      kind: 'group',
      combinator: 'AND',
      children: [predicate('margin_percent', 'lt', 20)],
    },
    group: 'Finance approvers',
  },
  {
    name: 'Renewal uplift below 3 %',
    predicate: predicate('min_renewal_uplift_percent', 'lt', 3),
    group: 'Deal desk',
  },
];

export const DEMO_WORKFLOW_NAME = 'Standard approval';

/** The demo partner with an exception: a North American partner of the CRM demo data. */
export const DEMO_EXCEPTION_PARTNER = 'Redline Integrators';

export async function seedApprovalDemoData(db: Database, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: approvalGroups.id }).from(approvalGroups).limit(1);
    if (existing) return;

    const emails = DEMO_APPROVAL_GROUPS.flatMap((g) => g.userEmails);
    const people = emails.length
      ? await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(users.email, emails))
      : [];
    const userIdOf = new Map(people.map((p) => [p.email, p.id]));

    const groupIdOf = new Map<string, string>();
    for (const group of DEMO_APPROVAL_GROUPS) {
      const [row] = await tx
        .insert(approvalGroups)
        .values({ name: group.name, description: group.description, isGlobal: true })
        .returning({ id: approvalGroups.id });
      if (!row) throw new Error(`approval group ${group.name} was not inserted`);
      groupIdOf.set(group.name, row.id);
      const members = [
        ...group.userEmails.flatMap((email) => {
          const userId = userIdOf.get(email);
          return userId ? [{ groupId: row.id, userId, role: null }] : [];
        }),
        ...group.roles.map((role) => ({ groupId: row.id, userId: null, role })),
      ];
      if (members.length > 0) await tx.insert(approvalGroupMembers).values(members);
    }
    const idOf = (name: string) => {
      const id = groupIdOf.get(name);
      if (!id) throw new Error(`no demo approval group ${name}`);
      return id;
    };

    // Through the same checks as the admin's saves, so the demo can never hold a broken rule.
    for (const rule of DEMO_APPROVAL_RULES) {
      const check = checkPredicateTree(rule.predicate);
      if (!check.ok) throw new Error(`demo rule ${rule.name}: ${check.message}`);
      const tree: PredicateNode = check.tree;
      await tx.insert(approvalRules).values({
        name: rule.name,
        predicate: tree,
        groupIds: [idOf(rule.group)],
      });
    }

    const nodes = checkWorkflowNodes(
      [
        { kind: 'START' },
        {
          kind: 'STEP',
          name: 'Deal desk review',
          group_ids: [idOf('Deal desk')],
          mode: 'PARALLEL',
        },
        {
          kind: 'STEP',
          name: 'Finance and legal',
          group_ids: [idOf('Finance approvers'), idOf('Legal')],
          mode: 'PARALLEL',
        },
        { kind: 'STEP', name: 'CFO sign-off', group_ids: [idOf('CFO')], mode: 'PARALLEL' },
        { kind: 'END' },
      ] satisfies WorkflowNode[],
      new Set(groupIdOf.values()),
    );
    if (!nodes.ok) throw new Error(`demo workflow: ${nodes.message}`);
    const [existingDefault] = await tx
      .select({ id: workflowTemplates.id })
      .from(workflowTemplates)
      .where(eq(workflowTemplates.isDefault, true));
    await tx.insert(workflowTemplates).values({
      name: DEMO_WORKFLOW_NAME,
      description: 'Deal desk first, then finance and legal together, then the CFO.',
      nodes: nodes.nodes,
      isDefault: !existingDefault,
    });

    const partner = crmDemoData().accounts.find(
      (a) => a.kind === 'PARTNER' && a.name === DEMO_EXCEPTION_PARTNER,
    );
    if (partner) {
      const year = now.getUTCFullYear();
      await tx.insert(partnerExceptions).values({
        partnerAccountId: partner.id,
        partnerName: partner.name,
        extraDiscountPercent: '5.00',
        validFrom: `${year}-01-01`,
        validTo: `${year + 1}-12-31`,
        reason: 'Competitive displacement programme: 5 % on top of the Premier partner discount.',
      });
    }
  });
}
