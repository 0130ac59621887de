import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import {
  hasOwnRole,
  hasRole,
  isRoleValue,
  mergeDelegatedRoles,
  ROLE_VALUES,
  type RoleEntry,
} from './roles.ts';

const own = (
  value: RoleEntry['value'],
  assignment: RoleEntry['assignment'] = null,
  assignment_value: string[] = [],
): RoleEntry => ({ value, assignment, assignment_value, is_deligated_role: false });
const lent = (...args: Parameters<typeof own>): RoleEntry => ({
  ...own(...args),
  is_deligated_role: true,
});

describe('role values', () => {
  it('has the 32 values of the spec, spelt as the existing client spells them', () => {
    expect(ROLE_VALUES).toHaveLength(32);
    expect(new Set(ROLE_VALUES).size).toBe(32);
    expect(ROLE_VALUES).toContain('VP_FINAMCE');
    expect(ROLE_VALUES).toContain('MARGIN_CONTRIBUTOE');
  });

  itReturns('isRoleValue(%j) is %s', isRoleValue, [
    ['SALES_USER', true],
    ['VP_FINAMCE', true],
    ['VP_FINANCE', false],
    ['sales_user', false],
    ['', false],
    ['toString', false],
  ]);
});

describe('mergeDelegatedRoles', () => {
  it.each<[string, RoleEntry[], RoleEntry[], RoleEntry[]]>([
    ['no delegation', [own('SALES_USER')], [], [own('SALES_USER')]],
    [
      'a role the user lacks is added, flagged as delegated',
      [own('DEAL_DESK')],
      [lent('FINANCE_APPROVER')],
      [own('DEAL_DESK'), lent('FINANCE_APPROVER')],
    ],
    [
      'a matching role merges its assignment values into the own entry',
      [own('SALES_USER', 'REGION', ['NA'])],
      [lent('SALES_USER', 'REGION', ['EMEA', 'NA'])],
      [own('SALES_USER', 'REGION', ['NA', 'EMEA'])],
    ],
    [
      'an unlimited own role stays unlimited',
      [own('SALES_USER')],
      [lent('SALES_USER', 'REGION', ['EMEA'])],
      [own('SALES_USER')],
    ],
    [
      'an unlimited delegated role lifts the limit while it lasts',
      [own('SALES_USER', 'REGION', ['NA'])],
      [lent('SALES_USER')],
      [own('SALES_USER')],
    ],
    [
      'different assignment types stay apart',
      [own('GAM', 'ACCOUNT', ['ACME'])],
      [lent('GAM', 'REGION', ['EMEA'])],
      [own('GAM', 'ACCOUNT', ['ACME']), lent('GAM', 'REGION', ['EMEA'])],
    ],
    [
      'two delegations of the same role merge with each other',
      [],
      [lent('CAM', 'REGION', ['APJ']), lent('CAM', 'REGION', ['LATAM'])],
      [lent('CAM', 'REGION', ['APJ', 'LATAM'])],
    ],
  ])('%s', (_label, ownRoles, delegated, expected) => {
    expect(mergeDelegatedRoles(ownRoles, delegated)).toEqual(expected);
  });

  it('leaves its inputs untouched', () => {
    const ownRoles = [own('SALES_USER', 'REGION', ['NA'])];
    const delegated = [lent('SALES_USER', 'REGION', ['EMEA'])];
    mergeDelegatedRoles(ownRoles, delegated);
    expect(ownRoles).toEqual([own('SALES_USER', 'REGION', ['NA'])]);
    expect(delegated).toEqual([lent('SALES_USER', 'REGION', ['EMEA'])]);
  });
});

describe('hasRole and hasOwnRole', () => {
  const roles = [own('SALES_USER'), lent('FINANCE_APPROVER')];
  it.each([
    ['SALES_USER', true, true],
    ['FINANCE_APPROVER', true, false],
    ['DEAL_DESK', false, false],
  ] as const)('%s: held %s, held as own %s', (role, held, heldAsOwn) => {
    expect(hasRole(roles, role)).toBe(held);
    expect(hasOwnRole(roles, role)).toBe(heldAsOwn);
  });
});
