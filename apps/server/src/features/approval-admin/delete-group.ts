import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { listInWords, notFound, staleRecord } from './approval-admin-errors.ts';
import {
  deleteGroupAtVersion,
  findGroup,
  listQuotesAwaitingGroup,
  listRulesNamingGroup,
  listWorkflows,
} from './approval-admin.repository.ts';
import { placesGroup } from './list-workflows.ts';

const quoted = (names: readonly string[]) => listInWords(names.map((n) => `"${n}"`));

/**
 * Deletes a group no rule requires, no workflow places and no open approval waits on: a rule
 * must never name a group that is gone, nor a step wait on one. Past approvals keep the group's name on their steps.
 */
export async function deleteApprovalGroup(db: Database, id: string, version: number) {
  return db.transaction(async (tx) => {
    const current = await findGroup(tx, id);
    if (!current) throw notFound('approval group');
    if (current.group.version !== version) throw staleRecord('approval group');
    const name = current.group.name;
    const rules = await listRulesNamingGroup(tx, id);
    if (rules.length > 0) {
      const which = rules.length === 1 ? 'the rule' : 'the rules';
      throw new AppError(
        'CONFLICT',
        `"${name}" is still required by ${which} ${quoted(rules.map((r) => r.name))}. Take it off ${rules.length === 1 ? 'that rule' : 'those rules'} first, or make the group inactive.`,
      );
    }
    const workflows = (await listWorkflows(tx)).filter((w) => placesGroup(w.workflow.nodes, id));
    if (workflows.length > 0) {
      throw new AppError(
        'CONFLICT',
        `"${name}" is a step of the workflow ${quoted(workflows.map((w) => w.workflow.name))}. Take it out of the workflow first, or make the group inactive.`,
      );
    }
    // A step waiting on a deleted group could be decided by nobody.
    const waiting = await listQuotesAwaitingGroup(tx, id);
    if (waiting.length > 0) {
      const numbers = waiting.slice(0, 5).map((w) => w.quoteNumber);
      const more = waiting.length > 5 ? ' and more' : '';
      throw new AppError(
        'CONFLICT',
        `"${name}" still has approvals to decide on ${numbers.join(', ')}${more}. Let its members decide them (or the quotes be recalled) first, or make the group inactive.`,
      );
    }
    if (!(await deleteGroupAtVersion(tx, id, version))) throw staleRecord('approval group');
    return { id, is_deleted: true as const, name };
  });
}
