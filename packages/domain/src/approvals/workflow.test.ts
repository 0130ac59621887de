import { describe, expect, it } from 'vitest';
import type { RequiredGroup } from './rules.ts';
import { buildApprovalChain, checkWorkflowNodes, type WorkflowNode } from './workflow.ts';

const known = new Set(['dd', 'fin', 'legal', 'cfo']);
const step = (name: string, group_ids: string[], mode = 'PARALLEL') => ({
  kind: 'STEP',
  name,
  group_ids,
  mode,
});
const START = { kind: 'START' };
const END = { kind: 'END' };

describe('checkWorkflowNodes', () => {
  it('accepts start, steps, end', () => {
    const result = checkWorkflowNodes(
      [START, step(' Deal desk ', ['dd']), step('Finance and legal', ['fin', 'legal']), END],
      known,
    );
    expect(result).toEqual({
      ok: true,
      nodes: [START, step('Deal desk', ['dd']), step('Finance and legal', ['fin', 'legal']), END],
    });
  });

  it.each<[string, unknown, string]>([
    ['nothing', [], 'The workflow has no steps.'],
    ['not a list', { steps: [] }, 'The workflow has no steps.'],
    ['no start', [step('A', ['dd']), END], 'The workflow must begin with its start marker.'],
    ['no end step', [START, step('A', ['dd'])], 'The workflow has no end step.'],
    ['only markers', [START, END], 'The workflow needs at least one step between start and end.'],
    [
      'a marker in the middle',
      [START, END, step('A', ['dd']), END],
      'Step 1: a workflow has one start and one end marker, at its ends.',
    ],
    ['a step without a name', [START, step(' ', ['dd']), END], 'Step 1 needs a name.'],
    [
      'a step without groups',
      [START, step('A', []), END],
      'Step 1 (A) needs at least one approval group.',
    ],
    [
      'an unknown group',
      [START, step('A', ['nope']), END],
      'Step 1 (A) names a group that does not exist.',
    ],
    [
      'a group twice',
      [START, step('A', ['dd']), step('B', ['dd']), END],
      'Step 2 (B): a group may appear in only one step of a workflow.',
    ],
    [
      'two steps with one name',
      [START, step('A', ['dd']), step('a', ['fin']), END],
      "Two steps are named 'a'.",
    ],
    [
      'a bad mode',
      [START, step('A', ['dd'], 'RANDOM'), END],
      'Step 1 (A): choose whether its groups approve in parallel or in turn.',
    ],
  ])('refuses %s', (_name, nodes, message) => {
    expect(checkWorkflowNodes(nodes, known)).toEqual({ ok: false, message });
  });
});

const required = (...ids: string[]): RequiredGroup[] =>
  ids.map((id) => ({ group_id: id, group_name: id.toUpperCase(), rule_names: [`rule ${id}`] }));

const template: WorkflowNode[] = [
  { kind: 'START' },
  { kind: 'STEP', name: 'Deal desk', group_ids: ['dd'], mode: 'PARALLEL' },
  { kind: 'STEP', name: 'Finance and legal', group_ids: ['fin', 'legal'], mode: 'PARALLEL' },
  { kind: 'STEP', name: 'Executives', group_ids: ['cfo', 'ceo'], mode: 'SEQUENTIAL' },
  { kind: 'END' },
];

const shape = (stages: ReturnType<typeof buildApprovalChain>) =>
  stages.map((s) => `${s.stage}:${s.name}[${s.steps.map((x) => x.group_id).join(',')}]`);

describe('buildApprovalChain', () => {
  it.each<[string, WorkflowNode[] | null, RequiredGroup[], string[]]>([
    ['nothing required, no chain', template, [], []],
    [
      'steps without required groups are skipped',
      template,
      required('fin'),
      ['1:Finance and legal[fin]'],
    ],
    [
      'template order, not rule order',
      template,
      required('cfo', 'legal', 'dd', 'fin'),
      ['1:Deal desk[dd]', '2:Finance and legal[fin,legal]', '3:Executives[cfo]'],
    ],
    [
      'a sequential step is one stage per group',
      template,
      required('ceo', 'cfo'),
      ['1:Executives[cfo]', '2:Executives[ceo]'],
    ],
    [
      'groups the template does not place come last',
      template,
      required('ops', 'dd', 'audit'),
      ['1:Deal desk[dd]', '2:Other approvals[ops,audit]'],
    ],
    [
      'no template: everything together',
      null,
      required('fin', 'legal'),
      ['1:Other approvals[fin,legal]'],
    ],
  ])('%s', (_name, nodes, groups, expected) => {
    expect(shape(buildApprovalChain(nodes, groups))).toEqual(expected);
  });

  it('carries the rules that asked for each group', () => {
    const [stage] = buildApprovalChain(template, required('dd'));
    expect(stage?.steps).toEqual([{ group_id: 'dd', group_name: 'DD', rule_names: ['rule dd'] }]);
  });
});
