import { describe, expect, it } from 'vitest';
import { BROADCAST_MESSAGES, ZBroadcastForm, ZSaveBroadcastBody } from './schemas.ts';

const valid = {
  title: 'Price list update',
  body: 'The **2027** price list is live.',
  severity: 'info',
  audience_kind: 'EVERYONE',
  audience_roles: [],
  audience_regions: [],
  starts_at: '2026-12-01T09:00:00.000Z',
  ends_at: '2026-12-08T09:00:00+01:00',
};

/** The messages a body is refused with, by path. */
function problemsOf(input: object): Record<string, string> {
  const result = ZSaveBroadcastBody.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('ZSaveBroadcastBody', () => {
  it('takes a complete broadcast, trimming the title', () => {
    const parsed = ZSaveBroadcastBody.parse({ ...valid, title: '  Price list update ' });
    expect(parsed.title).toBe('Price list update');
    expect(parsed.audience_roles).toEqual([]);
  });

  it.each<[string, object, Record<string, string>]>([
    ['no title', { title: '   ' }, { title: BROADCAST_MESSAGES.titleMissing }],
    [
      'a title of 201 characters',
      { title: 'x'.repeat(201) },
      { title: BROADCAST_MESSAGES.titleTooLong },
    ],
    [
      'a body over 20,000 characters',
      { body: 'x'.repeat(20_001) },
      { body: BROADCAST_MESSAGES.bodyTooLong },
    ],
    [
      'an end before the start',
      { ends_at: '2026-11-30T09:00:00Z' },
      { ends_at: BROADCAST_MESSAGES.endNotAfterStart },
    ],
    [
      'an end equal to the start',
      { ends_at: '2026-12-01T10:00:00+01:00' },
      { ends_at: BROADCAST_MESSAGES.endNotAfterStart },
    ],
    ['no start', { starts_at: '' }, { starts_at: BROADCAST_MESSAGES.startMissing }],
    [
      'a start without a time zone',
      { starts_at: '2026-12-01T09:00' },
      { starts_at: BROADCAST_MESSAGES.startMissing },
    ],
    [
      'a start in the year 1900',
      { starts_at: '1900-01-01T00:00:00Z' },
      { starts_at: BROADCAST_MESSAGES.dateOutOfRange },
    ],
    [
      'roles chosen: none',
      { audience_kind: 'ROLES' },
      { audience_roles: BROADCAST_MESSAGES.rolesMissing },
    ],
    [
      'an unknown role',
      { audience_kind: 'ROLES', audience_roles: ['WIZARD'] },
      { 'audience_roles.0': 'Choose the roles from the list.' },
    ],
    [
      'regions chosen: none',
      { audience_kind: 'REGIONS' },
      { audience_regions: BROADCAST_MESSAGES.regionsMissing },
    ],
    [
      'a blank region',
      { audience_kind: 'REGIONS', audience_regions: ['  '] },
      { 'audience_regions.0': 'A region has a name.' },
    ],
    [
      'an unknown severity',
      { severity: 'urgent' },
      { severity: 'The severity is info, warning or critical.' },
    ],
    ['a bad id', { id: 'nope' }, { id: 'That is not a broadcast id.' }],
  ])('refuses %s', (_label, change, expected) => {
    expect(problemsOf({ ...valid, ...change })).toEqual(expected);
  });

  it.each<[string, object]>([
    ['roles with one known role', { audience_kind: 'ROLES', audience_roles: ['VP_FINAMCE'] }],
    ['regions with one region', { audience_kind: 'REGIONS', audience_regions: ['EMEA'] }],
    ['an empty body', { body: '' }],
    ['a critical one', { severity: 'critical' }],
  ])('takes %s', (_label, change) => {
    expect(problemsOf({ ...valid, ...change })).toEqual({});
  });
});

describe('ZBroadcastForm', () => {
  it('says the same as the server about the audience', () => {
    const result = ZBroadcastForm.safeParse({ ...valid, audience_kind: 'REGIONS' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['audience_regions', BROADCAST_MESSAGES.regionsMissing],
    ]);
  });
});
