import type { RequiredGroup } from './rules.ts';

/**
 * A workflow template: a start marker, ordered steps, an end marker. A step names one or more
 * approval groups that approve together (PARALLEL) or one after another (SEQUENTIAL).
 */

export const STEP_MODES = ['PARALLEL', 'SEQUENTIAL'] as const;
export type StepMode = (typeof STEP_MODES)[number];

export type WorkflowNode =
  | { kind: 'START' }
  | { kind: 'END' }
  | { kind: 'STEP'; name: string; group_ids: string[]; mode: StepMode };

export type WorkflowStep = Extract<WorkflowNode, { kind: 'STEP' }>;

export type WorkflowCheck = { ok: true; nodes: WorkflowNode[] } | { ok: false; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Validates nodes received as JSON against the groups that exist. */
export function checkWorkflowNodes(
  input: unknown,
  knownGroupIds: ReadonlySet<string>,
): WorkflowCheck {
  const fail = (message: string): WorkflowCheck => ({ ok: false, message });
  if (!Array.isArray(input) || input.length === 0) return fail('The workflow has no steps.');
  const first: unknown = input[0];
  const last: unknown = input[input.length - 1];
  if (!isRecord(first) || first.kind !== 'START')
    return fail('The workflow must begin with its start marker.');
  if (!isRecord(last) || last.kind !== 'END') return fail('The workflow has no end step.');
  const nodes: WorkflowNode[] = [{ kind: 'START' }];
  const seenGroups = new Set<string>();
  const seenNames = new Set<string>();
  for (const [index, node] of input.slice(1, -1).entries()) {
    const where = `Step ${index + 1}`;
    if (!isRecord(node)) return fail(`${where} is not a step.`);
    if (node.kind === 'START' || node.kind === 'END')
      return fail(`${where}: a workflow has one start and one end marker, at its ends.`);
    if (node.kind !== 'STEP') return fail(`${where} is not a step.`);
    const name = typeof node.name === 'string' ? node.name.trim() : '';
    if (name === '') return fail(`${where} needs a name.`);
    if (name.length > 80) return fail(`${where}: the name is longer than 80 characters.`);
    if (seenNames.has(name.toLowerCase())) return fail(`Two steps are named '${name}'.`);
    seenNames.add(name.toLowerCase());
    if (node.mode !== 'PARALLEL' && node.mode !== 'SEQUENTIAL')
      return fail(`${where} (${name}): choose whether its groups approve in parallel or in turn.`);
    if (
      !Array.isArray(node.group_ids) ||
      node.group_ids.length === 0 ||
      !node.group_ids.every((id) => typeof id === 'string')
    )
      return fail(`${where} (${name}) needs at least one approval group.`);
    for (const id of node.group_ids) {
      if (!knownGroupIds.has(id))
        return fail(`${where} (${name}) names a group that does not exist.`);
      if (seenGroups.has(id))
        return fail(`${where} (${name}): a group may appear in only one step of a workflow.`);
      seenGroups.add(id);
    }
    nodes.push({
      kind: 'STEP',
      name,
      group_ids: [...node.group_ids],
      mode: node.mode,
    });
  }
  if (nodes.length === 1)
    return fail('The workflow needs at least one step between start and end.');
  nodes.push({ kind: 'END' });
  return { ok: true, nodes };
}

export interface ChainStep {
  group_id: string;
  group_name: string;
  rule_names: string[];
}

export interface ChainStage {
  /** 1, 2, … */
  stage: number;
  name: string;
  steps: ChainStep[];
}

export const UNPLACED_STAGE_NAME = 'Other approvals';

/**
 * The approval chain for the groups a quote requires: the template's steps in order, each kept
 * only with its required groups; a SEQUENTIAL step becomes one stage per group. Groups the
 * template does not place approve together in a last stage, so no requirement is ever dropped.
 */
export function buildApprovalChain(
  nodes: readonly WorkflowNode[] | null,
  required: readonly RequiredGroup[],
): ChainStage[] {
  const byId = new Map(required.map((g) => [g.group_id, g]));
  const placed = new Set<string>();
  const stages: Omit<ChainStage, 'stage'>[] = [];
  const toStep = (g: RequiredGroup): ChainStep => ({
    group_id: g.group_id,
    group_name: g.group_name,
    rule_names: [...g.rule_names],
  });

  for (const node of nodes ?? []) {
    if (node.kind !== 'STEP') continue;
    const inStep = node.group_ids.flatMap((id) => {
      const group = byId.get(id);
      return group && !placed.has(id) ? [group] : [];
    });
    if (inStep.length === 0) continue;
    for (const g of inStep) placed.add(g.group_id);
    if (node.mode === 'PARALLEL') {
      stages.push({ name: node.name, steps: inStep.map(toStep) });
    } else {
      for (const g of inStep) stages.push({ name: node.name, steps: [toStep(g)] });
    }
  }
  const unplaced = required.filter((g) => !placed.has(g.group_id));
  if (unplaced.length > 0) stages.push({ name: UNPLACED_STAGE_NAME, steps: unplaced.map(toStep) });
  return stages.map((s, index) => ({ ...s, stage: index + 1 }));
}
