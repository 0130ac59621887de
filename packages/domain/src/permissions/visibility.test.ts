import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import type { RoleEntry } from './roles.ts';
import { canonicalRegion, visibilityScopeOf } from './visibility.ts';

const role = (
  value: RoleEntry['value'],
  assignment: RoleEntry['assignment'] = null,
  assignment_value: string[] = [],
): RoleEntry => ({ value, assignment, assignment_value, is_deligated_role: false });

const none = { is_root_admin: false, is_deal_desk_user: false, is_finance: false };

describe('visibilityScopeOf', () => {
  it.each([
    ['root admins', { ...none, is_root_admin: true }],
    ['the deal desk', { ...none, is_deal_desk_user: true }],
    ['finance', { ...none, is_finance: true }],
  ])('%s see everything', (_label, flags) => {
    expect(visibilityScopeOf([role('SALES_USER', 'REGION', ['NA'])], flags)).toEqual({
      kind: 'all',
    });
  });

  it.each<[string, RoleEntry[], string[], string[]]>([
    ['a seller of one region', [role('SALES_USER', 'REGION', ['NA'])], ['North America'], []],
    [
      'regions of several roles, merged once',
      [role('SALES_USER', 'REGION', ['NA', 'EMEA']), role('CAM', 'REGION', ['emea', 'APAC'])],
      ['North America', 'EMEA', 'APJ'],
      [],
    ],
    ['named accounts', [role('GAM', 'ACCOUNT', ['001A', '001B'])], [], ['001A', '001B']],
    ['no assignment: only their own', [role('CAM')], [], []],
  ])('%s', (_label, roles, regions, accountIds) => {
    expect(visibilityScopeOf(roles, none)).toEqual({ kind: 'assigned', regions, accountIds });
  });
});

describe('canonicalRegion', () => {
  itReturns('%j → %j', canonicalRegion, [
    ['NA', 'North America'],
    ['North America', 'North America'],
    ['AMER', 'Americas'],
    ['Latin America', 'LATAM'],
    ['apac', 'APJ'],
    ['EMEA', 'EMEA'],
    [' Antarctica ', 'Antarctica'],
  ]);
});
