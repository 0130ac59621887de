import { describe, expect, it } from 'vitest';
import {
  DEMO_APPROVAL_GROUPS,
  DEMO_APPROVAL_RULES,
  seedApprovalDemoData,
} from '@bastion/db/seed/approval-demo-data';
import {
  useApprovalAdminBed,
  NEVER,
  unique,
  type Group,
  type Rule,
} from './approval-admin.test-harness.ts';

const { bed, calls } = useApprovalAdminBed();

const groups = async () => (await calls.dataOf<{ groups: Group[] }>('groups/list', {})).groups;
const rules = async () => (await calls.dataOf<{ rules: Rule[] }>('rules/list', {})).rules;

describe('who may administer approvals', () => {
  it.each([
    ['deskAdmin', 200],
    ['root', 200],
    ['desk', 403],
    ['legal', 403],
    ['sales', 403],
  ] as const)('%s: %i', async (who, status) => {
    for (const path of [
      'groups/list',
      'rules/list',
      'workflows/list',
      'partner-exceptions/list',
      'member-options',
    ]) {
      const response = await calls.post(path, {}, who);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(status);
    }
  });

  it('refuses a seller every change, and changes nothing', async () => {
    const name = `Sneaky ${unique()}`;
    const refused = await calls.refusalOf('groups/save', { name, roles: ['CFO'] }, 403, 'sales');
    expect(refused.error).toBe('FORBIDDEN');
    await calls.refusalOf('rules/save', { name, predicate: NEVER, group_ids: [] }, 403, 'sales');
    await calls.refusalOf('preview-rule', { predicate: NEVER, quote_number: 'Q-1' }, 403, 'sales');
    expect((await groups()).some((g) => g.name === name)).toBe(false);
  });
});

describe('the demo set-up', () => {
  it('has the demo groups with their members, and the rules that require them', async () => {
    const all = await groups();
    for (const demo of DEMO_APPROVAL_GROUPS) {
      const group = all.find((g) => g.name === demo.name);
      expect(group, demo.name).toBeDefined();
      expect(group?.roles.sort()).toEqual([...demo.roles].sort());
      expect(group?.users.map((u) => u.email)).toEqual(demo.userEmails);
      expect(group?.is_global).toBe(true);
    }
    const finance = all.find((g) => g.name === 'Finance approvers');
    expect(finance).toMatchObject({ member_count: 2, rule_count: 2 });

    const list = await rules();
    for (const demo of DEMO_APPROVAL_RULES) {
      const rule = list.find((r) => r.name === demo.name);
      expect(
        rule?.groups.map((g) => g.name),
        demo.name,
      ).toEqual([demo.group]);
    }
    expect(list.find((r) => r.name === 'Thin margin')?.condition_text).toBe(
      'Margin is less than 20 %',
    );
    expect(list.find((r) => r.name === 'Seller discount above 30 %')?.condition_text).toBe(
      'Largest seller discount is more than 30 %',
    );
  });

  it('is seeded once: a second start adds nothing', async () => {
    const before = [(await groups()).length, (await rules()).length];
    await seedApprovalDemoData(bed.ctx.db);
    expect([(await groups()).length, (await rules()).length]).toEqual(before);
  });

  it('offers the active users, every role and the regions to the member pickers', async () => {
    const options = await calls.dataOf<{
      users: { id: string; name: string; email: string }[];
      roles: string[];
      regions: string[];
    }>('member-options', {});
    expect(options.users.find((u) => u.email === 'approver@bastion.test')?.name).toBe(
      'Avery Approver',
    );
    expect(options.roles).toEqual(expect.arrayContaining(['CFO', 'LEGAL_MANAGER', 'DEAL_DESK']));
    expect(options.regions).toEqual(['EMEA', 'North America', 'Americas', 'LATAM', 'APJ']);
  });
});

describe('groups', () => {
  it('creates, changes and deletes a group, members by user and by role, with the audit', async () => {
    const created = await calls.newGroup({
      description: 'For the test',
      user_ids: [bed.users.deskAdmin.id],
      roles: ['LEGAL_MANAGER', 'legal_manager', 'CFO'],
    });
    expect(created).toMatchObject({
      version: 1,
      is_global: true,
      regions: [],
      is_active: true,
      roles: ['CFO', 'LEGAL_MANAGER'],
      member_count: 3,
      rule_count: 0,
      updated_by: 'Test User',
    });
    expect(created.users.map((u) => u.id)).toEqual([bed.users.deskAdmin.id]);
    expect(await calls.auditEntries(created.id, 'approval.group.created')).toHaveLength(1);

    const regional = await calls.dataOf<Group>('groups/save', {
      id: created.id,
      version: 1,
      name: created.name,
      is_global: false,
      regions: ['EMEA', 'APJ', 'EMEA'],
      roles: ['CFO'],
    });
    expect(regional).toMatchObject({
      version: 2,
      is_global: false,
      regions: ['EMEA', 'APJ'],
      users: [],
      roles: ['CFO'],
      member_count: 1,
    });
    expect(await calls.auditEntries(created.id, 'approval.group.updated')).toHaveLength(1);

    await calls.dataOf('groups/delete', { id: created.id, version: 2 });
    expect((await groups()).some((g) => g.id === created.id)).toBe(false);
    expect(await calls.auditEntries(created.id, 'approval.group.deleted')).toHaveLength(1);
  });

  it('refuses a stale version with 409, and keeps the other admin’s change', async () => {
    const created = await calls.newGroup();
    await calls.dataOf('groups/save', {
      id: created.id,
      version: 1,
      name: created.name,
      roles: ['CFO', 'CEO'],
    });
    const stale = await calls.refusalOf(
      'groups/save',
      { id: created.id, version: 1, name: created.name, roles: ['GAM'] },
      409,
      'root',
    );
    expect(stale.message).toBe(
      'Someone changed this approval group after you opened it. Reload to see their changes, then make yours again.',
    );
    const staleDelete = await calls.refusalOf('groups/delete', { id: created.id, version: 1 }, 409);
    expect(staleDelete.error).toBe('CONFLICT');
    expect((await groups()).find((g) => g.id === created.id)?.roles).toEqual(['CEO', 'CFO']);
  });

  it.each([
    [{ roles: [] }, 'members', 'Add at least one member: a user or a role.'],
    [{ roles: ['CHIEF_WIZARD'] }, 'roles', "'CHIEF_WIZARD' is not a role."],
    [
      { is_global: false, regions: [] },
      'regions',
      'Choose the regions the group covers, or make it global.',
    ],
    [
      { is_global: false, regions: ['Mars'] },
      'regions',
      "'Mars' is not a region; choose from EMEA, North America, Americas, LATAM, APJ.",
    ],
    [{ name: '   ' }, 'name', 'Give the group a name.'],
    [
      { user_ids: ['7f0c3c8e-1111-4222-8333-944444444444'] },
      'user_ids',
      'A member user no longer exists; reload the user list.',
    ],
  ])('refuses %j with a clear reason under %s', async (change, path, message) => {
    const name = `Bad group ${unique()}`;
    const refused = await calls.refusalOf('groups/save', { name, roles: ['CFO'], ...change }, 400);
    expect(refused.errors).toContainEqual({ path, message });
    expect((await groups()).some((g) => g.name === name)).toBe(false);
  });

  it('refuses a second group of the same name, in any case', async () => {
    const refused = await calls.refusalOf(
      'groups/save',
      { name: 'finance APPROVERS', roles: ['CFO'] },
      400,
    );
    expect(refused.message).toBe('Another approval group is called "finance APPROVERS".');
  });

  it('keeps a group a rule requires, and says which rule', async () => {
    const group = await calls.newGroup();
    const rule = await calls.dataOf<Rule>('rules/save', {
      name: `Needs ${group.name}`,
      predicate: NEVER,
      group_ids: [group.id],
      is_active: false,
    });
    const refused = await calls.refusalOf('groups/delete', { id: group.id, version: 1 }, 409);
    expect(refused.message).toBe(
      `"${group.name}" is still required by the rule "${rule.name}". Take it off that rule first, or make the group inactive.`,
    );
    await calls.dataOf('rules/delete', { id: rule.id, version: rule.version });
    await calls.dataOf('groups/delete', { id: group.id, version: 1 });
  });
});

describe('rules', () => {
  /** Never met, or (in these regions, or with a custom clause). */
  const nested = (regions: string[]) => ({
    kind: 'group',
    combinator: 'AND',
    children: [
      NEVER,
      {
        kind: 'group',
        combinator: 'OR',
        children: [
          { kind: 'predicate', fact: 'region', op: 'in', value: regions },
          { kind: 'predicate', fact: 'has_custom_clause', op: 'is_true', value: null },
        ],
      },
    ],
  });
  /** As sent: a region to trim, and a key the rule does not know. */
  const sentNested = (group: string) => ({ ...nested(['EMEA', ' APJ ']), _: group });

  it('creates a rule with a nested group, counts it on its group, changes and deletes it', async () => {
    const group = await calls.newGroup();
    const created = await calls.dataOf<Rule>('rules/save', {
      name: `Nested ${unique()}`,
      predicate: sentNested(group.id),
      group_ids: [group.id, group.id],
    });
    expect(created).toMatchObject({
      version: 1,
      is_active: true,
      always_reapprove: false,
      group_ids: [group.id],
    });
    expect(created.groups).toEqual([{ id: group.id, name: group.name, is_active: true }]);
    // Stored as checked: values trimmed, unknown keys gone.
    expect(created.predicate).toEqual(nested(['EMEA', 'APJ']));
    expect(created.condition_text).toBe(
      'Net total (USD) is more than 1,000,000,000,000,000 USD and (Region is one of EMEA, APJ or Custom clause is yes)',
    );
    expect((await groups()).find((g) => g.id === group.id)?.rule_count).toBe(1);
    expect(await calls.auditEntries(created.id, 'approval.rule.created')).toHaveLength(1);

    const inactive = await calls.dataOf<Rule>('rules/save', {
      id: created.id,
      version: 1,
      name: created.name,
      predicate: created.predicate,
      group_ids: [group.id],
      is_active: false,
      always_reapprove: true,
    });
    expect(inactive).toMatchObject({ version: 2, is_active: false, always_reapprove: true });
    // Only active rules count on the card.
    expect((await groups()).find((g) => g.id === group.id)?.rule_count).toBe(0);

    const stale = await calls.refusalOf(
      'rules/save',
      { id: created.id, version: 1, name: created.name, predicate: NEVER, group_ids: [group.id] },
      409,
    );
    expect(stale.message).toContain('Someone changed this approval rule after you opened it.');
    await calls.refusalOf('rules/delete', { id: created.id, version: 1 }, 409);
    await calls.dataOf('rules/delete', { id: created.id, version: 2 });
    expect((await rules()).some((r) => r.id === created.id)).toBe(false);
    expect(await calls.auditEntries(created.id, 'approval.rule.deleted')).toHaveLength(1);
    await calls.dataOf('groups/delete', { id: group.id, version: 1 });
  });

  const badTrees: [string, unknown, string][] = [
    [
      'an unknown fact',
      {
        kind: 'group',
        combinator: 'AND',
        children: [NEVER, { kind: 'predicate', fact: 'regoin', op: 'eq', value: 'EMEA' }],
      },
      "Condition › condition 2: 'regoin' is not a quote fact approval rules know.",
    ],
    [
      'an operator that does not fit the fact',
      { kind: 'predicate', fact: 'net_total_usd', op: 'in', value: ['1'] },
      "Condition: 'in' cannot compare Net total (USD); use gt, gte, lt, lte, eq, neq.",
    ],
    [
      'a value of the wrong kind',
      { kind: 'predicate', fact: 'margin_percent', op: 'lt', value: '20' },
      'Condition: Margin is compared with a number.',
    ],
    [
      'an empty nested group',
      {
        kind: 'group',
        combinator: 'OR',
        children: [NEVER, { kind: 'group', combinator: 'AND', children: [] }],
      },
      'Condition › condition 2: a group needs at least one condition.',
    ],
    [
      'a group without AND or OR',
      { kind: 'group', combinator: 'XOR', children: [NEVER] },
      'Condition: a group combines its conditions with AND or OR.',
    ],
    ['no condition at all', undefined, 'Condition: expected a predicate or a group.'],
    ['text', 'net_total_usd > 5', 'Condition: expected a predicate or a group.'],
  ];

  it.each(badTrees)('refuses %s with the place and the reason', async (_, predicate, message) => {
    const group = (await groups()).find((g) => g.name === 'CFO');
    const name = `Bad rule ${unique()}`;
    const refused = await calls.refusalOf(
      'rules/save',
      { name, predicate, group_ids: [group?.id] },
      400,
    );
    expect(refused).toMatchObject({
      error: 'VALIDATION_FAILED',
      message,
      errors: [{ path: 'predicate', message }],
    });
    expect((await rules()).some((r) => r.name === name)).toBe(false);
  });

  it('refuses a tree nested deeper than five groups', async () => {
    let tree: unknown = NEVER;
    for (let depth = 0; depth < 6; depth += 1) {
      tree = { kind: 'group', combinator: 'AND', children: [tree] };
    }
    const refused = await calls.refusalOf(
      'rules/save',
      { name: `Deep ${unique()}`, predicate: tree, group_ids: [] },
      400,
    );
    expect(refused.message).toMatch(/groups may be nested at most 5 deep/);
  });

  it('refuses a rule without groups, or with a group that does not exist', async () => {
    const none = await calls.refusalOf(
      'rules/save',
      { name: `No group ${unique()}`, predicate: NEVER, group_ids: [] },
      400,
    );
    expect(none.errors).toEqual([
      { path: 'group_ids', message: 'Choose at least one approval group the rule requires.' },
    ]);
    const gone = await calls.refusalOf(
      'rules/save',
      {
        name: `Gone group ${unique()}`,
        predicate: NEVER,
        group_ids: ['7f0c3c8e-1111-4222-8333-944444444444'],
      },
      400,
    );
    expect(gone.message).toBe(
      'One of the chosen approval groups no longer exists; reload the groups.',
    );
    const notAnId = await calls.refusalOf(
      'rules/save',
      { name: `Not an id ${unique()}`, predicate: NEVER, group_ids: ['cfo'] },
      400,
    );
    expect(notAnId.errors?.[0]).toEqual({
      path: 'group_ids.0',
      message: 'That is not an approval group id.',
    });
  });
});
