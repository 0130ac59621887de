import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WORKFLOW_NAME } from '@bastion/db/seed/approval-demo-data';
import {
  useApprovalAdminBed,
  unique,
  type Group,
  type Workflow,
} from './approval-admin.test-harness.ts';

const { calls } = useApprovalAdminBed();
let groupIds: Record<string, string>;

beforeAll(async () => {
  const { groups } = await calls.dataOf<{ groups: Group[] }>('groups/list', {});
  groupIds = Object.fromEntries(groups.map((g) => [g.name, g.id]));
});

const workflows = async () =>
  (await calls.dataOf<{ workflows: Workflow[] }>('workflows/list', {})).workflows;

// The approval flow's tests share this database: the demo workflow is the default again after.
afterAll(async () => {
  const demo = (await workflows()).find((w) => w.name === DEMO_WORKFLOW_NAME);
  if (demo && !demo.is_default) {
    await calls.dataOf('workflows/set-default', { id: demo.id, version: demo.version });
  }
});

const step = (name: string, groups: string[], mode = 'PARALLEL') => ({
  kind: 'STEP',
  name,
  group_ids: groups.map((g) => groupIds[g]),
  mode,
});

describe('the demo workflow', () => {
  it('is the default: deal desk, then finance and legal together, then the CFO', async () => {
    const list = await workflows();
    expect(list.filter((w) => w.is_default)).toHaveLength(1);
    const demo = list.find((w) => w.name === DEMO_WORKFLOW_NAME);
    expect(demo?.is_default).toBe(true);
    expect(demo?.nodes).toEqual([
      { kind: 'START' },
      step('Deal desk review', ['Deal desk']),
      step('Finance and legal', ['Finance approvers', 'Legal']),
      step('CFO sign-off', ['CFO']),
      { kind: 'END' },
    ]);
  });
});

describe('workflow templates', () => {
  it('creates, reorders and deletes a template, with the audit', async () => {
    const created = await calls.dataOf<Workflow>('workflows/save', {
      name: `Two steps ${unique()}`,
      nodes: [
        { kind: 'START' },
        step(' Legal first ', ['Legal']),
        step('Money', ['CFO', 'Finance approvers'], 'SEQUENTIAL'),
        { kind: 'END' },
      ],
    });
    expect(created).toMatchObject({ version: 1, is_default: false });
    expect(created.nodes[1]).toEqual(step('Legal first', ['Legal']));
    expect(await calls.auditEntries(created.id, 'approval.workflow.created')).toHaveLength(1);

    const reordered = await calls.dataOf<Workflow>('workflows/save', {
      id: created.id,
      version: 1,
      name: created.name,
      nodes: [created.nodes[0], created.nodes[2], created.nodes[1], created.nodes[3]],
    });
    expect(reordered.version).toBe(2);
    expect(reordered.nodes.map((n) => n.name ?? n.kind)).toEqual([
      'START',
      'Money',
      'Legal first',
      'END',
    ]);
    const stale = await calls.refusalOf(
      'workflows/save',
      { id: created.id, version: 1, name: created.name, nodes: created.nodes },
      409,
    );
    expect(stale.message).toContain('Someone changed this workflow template after you opened it.');

    await calls.dataOf('workflows/delete', { id: created.id, version: 2 });
    expect((await workflows()).some((w) => w.id === created.id)).toBe(false);
  });

  it('keeps exactly one default', async () => {
    const before = await workflows();
    const demo = before.find((w) => w.is_default);
    const created = await calls.dataOf<Workflow>('workflows/save', {
      name: `New default ${unique()}`,
      nodes: [{ kind: 'START' }, step('Only CFO', ['CFO']), { kind: 'END' }],
      is_default: true,
    });
    expect(created.is_default).toBe(true);
    let list = await workflows();
    expect(list.filter((w) => w.is_default).map((w) => w.id)).toEqual([created.id]);

    // The default cannot drop the mark, nor be deleted; another takes the mark instead.
    const drop = await calls.refusalOf(
      'workflows/save',
      { id: created.id, version: 1, name: created.name, nodes: created.nodes, is_default: false },
      400,
    );
    expect(drop.errors).toEqual([
      {
        path: 'is_default',
        message: `"${created.name}" is the default workflow. Make another workflow the default instead.`,
      },
    ]);
    const deleteDefault = await calls.refusalOf(
      'workflows/delete',
      { id: created.id, version: 1 },
      409,
    );
    expect(deleteDefault.message).toBe(
      `"${created.name}" is the default workflow. Make another workflow the default before deleting this one.`,
    );

    const previous = list.find((w) => w.id === demo?.id);
    const restored = await calls.dataOf<Workflow>('workflows/set-default', {
      id: previous?.id,
      version: previous?.version,
    });
    expect(restored.is_default).toBe(true);
    list = await workflows();
    expect(list.filter((w) => w.is_default).map((w) => w.id)).toEqual([demo?.id]);
    // The one that lost the mark moved on a version: an editor holding it must reload.
    const lost = list.find((w) => w.id === created.id);
    expect(lost?.version).toBe(2);
    await calls.dataOf('workflows/delete', { id: created.id, version: 2 });
    expect(
      await calls.auditEntries(restored.id, 'approval.workflow.made_default'),
    ).not.toHaveLength(0);
  });

  const bad: [string, unknown, string][] = [
    [
      'no end step',
      [{ kind: 'START' }, { kind: 'STEP', name: 'A', group_ids: [], mode: 'PARALLEL' }],
      'The workflow has no end step.',
    ],
    ['no start marker', [{ kind: 'END' }], 'The workflow must begin with its start marker.'],
    ['nothing', [], 'The workflow has no steps.'],
    [
      'no steps between the markers',
      [{ kind: 'START' }, { kind: 'END' }],
      'The workflow needs at least one step between start and end.',
    ],
    [
      'a step without groups',
      [
        { kind: 'START' },
        { kind: 'STEP', name: 'Empty', group_ids: [], mode: 'PARALLEL' },
        { kind: 'END' },
      ],
      'Step 1 (Empty) needs at least one approval group.',
    ],
    [
      'a step whose mode is missing',
      [{ kind: 'START' }, { kind: 'STEP', name: 'Odd', group_ids: ['x'] }, { kind: 'END' }],
      'Step 1 (Odd): choose whether its groups approve in parallel or in turn.',
    ],
    [
      'a group that does not exist',
      [
        { kind: 'START' },
        {
          kind: 'STEP',
          name: 'Ghost',
          group_ids: ['7f0c3c8e-1111-4222-8333-944444444444'],
          mode: 'PARALLEL',
        },
        { kind: 'END' },
      ],
      'Step 1 (Ghost) names a group that does not exist.',
    ],
  ];

  it.each(bad)('refuses %s with the reason', async (_, nodes, message) => {
    const name = `Bad workflow ${unique()}`;
    const refused = await calls.refusalOf('workflows/save', { name, nodes }, 400);
    expect(refused.errors).toEqual([{ path: 'nodes', message }]);
    expect((await workflows()).some((w) => w.name === name)).toBe(false);
  });

  it('refuses a group in two steps', async () => {
    const refused = await calls.refusalOf(
      'workflows/save',
      {
        name: `Twice ${unique()}`,
        nodes: [{ kind: 'START' }, step('One', ['CFO']), step('Two', ['CFO']), { kind: 'END' }],
      },
      400,
    );
    expect(refused.message).toBe(
      'Step 2 (Two): a group may appear in only one step of a workflow.',
    );
  });

  it('keeps a group a workflow places, and says which workflow', async () => {
    const group = await calls.newGroup();
    const workflow = await calls.dataOf<Workflow>('workflows/save', {
      name: `Places ${unique()}`,
      nodes: [
        { kind: 'START' },
        { kind: 'STEP', name: 'Test', group_ids: [group.id], mode: 'PARALLEL' },
        { kind: 'END' },
      ],
    });
    const refused = await calls.refusalOf('groups/delete', { id: group.id, version: 1 }, 409);
    expect(refused.message).toBe(
      `"${group.name}" is a step of the workflow "${workflow.name}". Take it out of the workflow first, or make the group inactive.`,
    );
    await calls.dataOf('workflows/delete', { id: workflow.id, version: 1 });
    await calls.dataOf('groups/delete', { id: group.id, version: 1 });
  });
});
