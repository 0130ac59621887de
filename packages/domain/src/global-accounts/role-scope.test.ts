import { describe, expect, it } from 'vitest';
import { mergeDelegatedRoles, type RoleEntry } from '../permissions/roles.ts';
import { visibilityScopeOf } from '../permissions/visibility.ts';
import {
  accountsCoveredBy,
  withGlobalAccountScope,
  type GlobalAccountGrants,
  type ScopableRoleRow,
} from './role-scope.ts';

const grants: GlobalAccountGrants = {
  every: ['A1', 'A2', 'B1'],
  byPerson: new Map([
    ['gina', ['A1', 'A2']],
    ['lender', ['B1']],
  ]),
};

describe('accountsCoveredBy', () => {
  it.each<[string, string, readonly string[] | null]>([
    ['GAM', 'gina', ['A1', 'A2']],
    ['GAM', 'lender', ['B1']],
    ['GAM', 'nobody', []],
    ['GAM_GM', 'nobody', ['A1', 'A2', 'B1']],
    ['SALES_USER', 'gina', null],
    ['DEAL_DESK', 'gina', null],
  ])('%s held by %s covers %j', (role, holder, expected) => {
    expect(accountsCoveredBy(role, holder, grants)).toEqual(expected);
  });
});

type Row = ScopableRoleRow & { holder: string };
const row = (
  role: string,
  assignment: Row['assignment'] = null,
  assignmentValue: string[] = [],
  holder = 'gina',
): Row => ({ role, assignment, assignmentValue, holder });

const scoped = (rows: Row[]) =>
  withGlobalAccountScope(rows, (r) => accountsCoveredBy(r.role, r.holder, grants)).map(
    ({ role, assignment, assignmentValue }) => [role, assignment, assignmentValue] as const,
  );

describe('withGlobalAccountScope', () => {
  it.each<[string, Row[], (readonly [string, string | null, string[]])[]]>([
    [
      'an unassigned GAM gets an ACCOUNT assignment',
      [row('GAM')],
      [['GAM', 'ACCOUNT', ['A1', 'A2']]],
    ],
    [
      'a GAM without groups: ACCOUNT with none (the same scope as none)',
      [row('GAM', null, [], 'nobody')],
      [['GAM', 'ACCOUNT', []]],
    ],
    [
      'an ACCOUNT GAM keeps its accounts, each once',
      [row('GAM', 'ACCOUNT', ['X9', 'A1'])],
      [['GAM', 'ACCOUNT', ['X9', 'A1', 'A2']]],
    ],
    [
      'a REGION GAM keeps its regions and gains a second, ACCOUNT entry',
      [row('GAM', 'REGION', ['EMEA'])],
      [
        ['GAM', 'REGION', ['EMEA']],
        ['GAM', 'ACCOUNT', ['A1', 'A2']],
      ],
    ],
    [
      'a REGION GAM without groups stays as it was',
      [row('GAM', 'REGION', ['EMEA'], 'nobody')],
      [['GAM', 'REGION', ['EMEA']]],
    ],
    ['a GAM_GM covers every group', [row('GAM_GM')], [['GAM_GM', 'ACCOUNT', ['A1', 'A2', 'B1']]]],
    [
      'other roles are left alone',
      [row('SALES_USER', 'REGION', ['NA']), row('DEAL_DESK')],
      [
        ['SALES_USER', 'REGION', ['NA']],
        ['DEAL_DESK', null, []],
      ],
    ],
    [
      'a lent GAM covers the lender’s groups',
      [row('GAM', null, [], 'lender')],
      [['GAM', 'ACCOUNT', ['B1']]],
    ],
  ])('%s', (_label, rows, expected) => {
    expect(scoped(rows)).toEqual(expected);
  });

  it('keeps a lent GAM’s accounts when merged into an own GAM without groups', () => {
    const entryOf = (r: Row, isLent: boolean): RoleEntry => ({
      value: r.role as RoleEntry['value'],
      assignment: r.assignment,
      assignment_value: r.assignmentValue,
      is_deligated_role: isLent,
    });
    const [own, lent] = withGlobalAccountScope(
      [row('GAM', null, [], 'nobody'), row('GAM', null, [], 'lender')],
      (r) => accountsCoveredBy(r.role, r.holder, grants),
    );
    if (!own || !lent) throw new Error('two rows expected');
    const merged = mergeDelegatedRoles([entryOf(own, false)], [entryOf(lent, true)]);
    const flags = { is_root_admin: false, is_deal_desk_user: false, is_finance: false };
    expect(visibilityScopeOf(merged, flags)).toEqual({
      kind: 'assigned',
      regions: [],
      accountIds: ['B1'],
    });
  });
});
