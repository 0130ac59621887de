import { describe, expect, it } from 'vitest';
import type { RoleEntry } from '../permissions/roles.ts';
import {
  broadcastStateAt,
  canonicalRegions,
  describeAudience,
  isInAudience,
  type BroadcastAudience,
} from './model.ts';

const role = (
  value: RoleEntry['value'],
  assignment: RoleEntry['assignment'] = null,
  assignment_value: string[] = [],
  is_deligated_role = false,
): RoleEntry => ({ value, assignment, assignment_value, is_deligated_role });

const everyone: BroadcastAudience = {
  audience_kind: 'EVERYONE',
  audience_roles: [],
  audience_regions: [],
};
const roles = (...values: string[]): BroadcastAudience => ({
  audience_kind: 'ROLES',
  audience_roles: values,
  audience_regions: [],
});
const regions = (...values: string[]): BroadcastAudience => ({
  audience_kind: 'REGIONS',
  audience_roles: [],
  audience_regions: values,
});

describe('isInAudience', () => {
  it.each<[string, BroadcastAudience, RoleEntry[], boolean]>([
    ['everyone: a seller', everyone, [role('SALES_USER')], true],
    ['everyone: even someone with no role', everyone, [], true],
    ['roles: a holder of one of them', roles('CFO', 'CEO'), [role('CEO')], true],
    ['roles: a holder of another role', roles('CFO', 'CEO'), [role('SALES_USER')], false],
    ['roles: someone with no role', roles('CFO'), [], false],
    [
      'roles: a role held through a delegation counts',
      roles('FINANCE_APPROVER'),
      [role('DEAL_DESK'), role('FINANCE_APPROVER', null, [], true)],
      true,
    ],
    [
      'roles: a regional holder of the role',
      roles('SALES_USER'),
      [role('SALES_USER', 'REGION', ['EMEA'])],
      true,
    ],
    [
      'regions: a seller of the region',
      regions('EMEA'),
      [role('SALES_USER', 'REGION', ['EMEA'])],
      true,
    ],
    [
      'regions: an alias of the region (NA is North America)',
      regions('North America'),
      [role('SALES_USER', 'REGION', ['NA'])],
      true,
    ],
    [
      'regions: the audience spelt as an alias, in another case',
      regions('apac'),
      [role('CAM', 'REGION', ['APJ'])],
      true,
    ],
    [
      'regions: one of several regions of one role',
      regions('LATAM', 'APJ'),
      [role('SALES_USER', 'REGION', ['EMEA', 'Latin America'])],
      true,
    ],
    [
      'regions: a seller of another region',
      regions('EMEA'),
      [role('SALES_USER', 'REGION', ['NA'])],
      false,
    ],
    [
      'regions: a role limited to accounts is in no region',
      regions('EMEA'),
      [role('GAM', 'ACCOUNT', ['EMEA'])],
      false,
    ],
    [
      'regions: a role limited to nothing is in no region',
      regions('EMEA'),
      [role('ROOT_ADMIN'), role('DEAL_DESK')],
      false,
    ],
    [
      'regions: an unknown region compared in any case',
      regions('Antarctica'),
      [role('SALES_USER', 'REGION', [' antarctica '])],
      true,
    ],
  ])('%s', (_label, audience, held, expected) => {
    expect(isInAudience(audience, held)).toBe(expected);
  });
});

describe('broadcastStateAt', () => {
  const window = {
    starts_at: new Date('2026-12-01T09:00:00Z'),
    ends_at: new Date('2026-12-02T09:00:00Z'),
  };
  it.each<[string, string]>([
    ['2026-12-01T08:59:59.999Z', 'scheduled'],
    ['2026-12-01T09:00:00.000Z', 'active'],
    ['2026-12-02T09:00:00.000Z', 'ended'],
    ['2026-12-01T20:00:00.000Z', 'active'],
    ['2027-01-01T00:00:00.000Z', 'ended'],
  ])('at %s it is %s', (now, expected) => {
    expect(broadcastStateAt(window, new Date(now))).toBe(expected);
  });
});

describe('describeAudience', () => {
  it.each<[BroadcastAudience, string]>([
    [everyone, 'Everyone'],
    [roles('CFO', 'CEO'), 'Roles: CFO, CEO'],
    [regions('EMEA'), 'Regions: EMEA'],
  ])('%j', (audience, expected) => {
    expect(describeAudience(audience)).toBe(expected);
  });
});

describe('canonicalRegions', () => {
  it.each<[string[], string[]]>([
    [
      ['NA', 'North America', 'emea', 'EMEA'],
      ['North America', 'EMEA'],
    ],
    [[' Antarctica ', 'antarctica'], ['Antarctica']],
    [['', 'APAC'], ['APJ']],
  ])('%j → %j', (input, expected) => {
    expect(canonicalRegions(input)).toEqual(expected);
  });
});
