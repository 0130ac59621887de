import { describe, expect, it } from 'vitest';
import { RENEWAL_MESSAGES } from './model.ts';
import {
  monthsCovering,
  renewalKindOfQuote,
  renewalTerm,
  type ParsedRenewalDraft,
  type ResolveRenewalInput,
} from './renewal-draft.ts';
import { resolveRenewalDraft } from './resolve-renewal-draft.ts';
import { ZRenewalDraft, type ContractDetail, type Entitlement } from './schemas.ts';

const entitlement = (id: string, sku: string, changes: Partial<Entitlement> = {}): Entitlement => ({
  id,
  sku,
  sku_name: sku,
  billing: 'ANNUAL',
  quantity: 10,
  start_date: '2027-01-01',
  end_date: '2027-12-31',
  unit_net_minor: 100_000,
  currency_code: 'USD',
  successor_sku: null,
  source_quote_id: null,
  source_quote_number: null,
  ...changes,
});

const contract = (id: string, changes: Partial<ContractDetail> = {}): ContractDetail => ({
  id,
  contract_number: `C-${id}`,
  account_id: 'ACC',
  account_name: 'Acme',
  region: 'NA',
  opportunity_id: null,
  currency_code: 'USD',
  start_date: '2027-01-01',
  end_date: '2027-12-31',
  days_to_end: 30,
  status: 'NOT_STARTED',
  status_label: 'Not started',
  csm_name: '',
  cam_name: '',
  origin: 'IMPORT',
  amount_to_renew_minor: 0,
  line_count: 0,
  renewal_quote: null,
  lost_reason: null,
  entitlements: [],
  ...changes,
});

const skus = new Map(
  [
    { sku: 'FW', billing: 'ANNUAL' as const, active: true },
    { sku: 'FW2', billing: 'ANNUAL' as const, active: true },
    { sku: 'VPN', billing: 'ANNUAL' as const, active: true },
    { sku: 'BOX', billing: 'ONE_TIME' as const, active: true },
    { sku: 'OLD', billing: 'ANNUAL' as const, active: false },
  ].map((s) => [s.sku, { ...s, name: s.sku }]),
);

const main = contract('c1', {
  entitlements: [
    entitlement('e1', 'FW', { successor_sku: 'FW2' }),
    entitlement('e2', 'VPN'),
    // Ended before the contract: not renewed.
    entitlement('e3', 'VPN', { end_date: '2027-06-30' }),
  ],
});

type DraftInput = Partial<Omit<ParsedRenewalDraft, 'lines'>> & {
  lines: Partial<ParsedRenewalDraft['lines'][number]>[];
};

/** The draft as the schema hands it over (its defaults filled), with ids easier to read. */
const draftOf = (draft: DraftInput): ParsedRenewalDraft => ({
  contract_length: null,
  term_start: null,
  contract_ids: ['c1'],
  measured_on: null,
  drops: [],
  ...draft,
  lines: draft.lines.map((line) => ({
    entitlement_id: null,
    sku: '',
    sku_type: null,
    quantity: 0,
    uplift_percent: null,
    uplift_reason: null,
    manual_discount_percent: null,
    measured_quantity: null,
    ...line,
  })),
});

function resolve(
  kind: ResolveRenewalInput['kind'],
  draft: DraftInput,
  changes: Partial<ResolveRenewalInput> = {},
) {
  return resolveRenewalDraft({
    kind,
    quote: { account_id: 'ACC', currency_code: 'USD', contract_length: 12 },
    stored: null,
    draft: draftOf(draft),
    contracts: [main],
    skus,
    isDealDesk: false,
    defaultUpliftPercent: '5',
    today: '2027-10-01',
    ...changes,
  });
}

describe('renewalKindOfQuote', () => {
  const quote = { renewal: null, isCoterm: false, isRenewal: false, dealType: 'NB' };
  it.each([
    [{}, null],
    [{ renewal: { kind: 'TRUE_UP' as const } }, 'TRUE_UP'],
    [{ isCoterm: true, dealType: 'R' }, 'COTERM'],
    [{ dealType: 'TU', isRenewal: true }, 'TRUE_UP'],
    [{ dealType: 'R', isRenewal: true }, 'RENEWAL'],
  ])('%j is %s', (changes, kind) => {
    expect(renewalKindOfQuote({ ...quote, ...changes })).toBe(kind);
  });
});

describe('terms', () => {
  it('a renewal starts the day after the old end and runs whole months', () => {
    expect(renewalTerm('2027-12-31', 12)).toEqual({ start: '2028-01-01', end: '2028-12-31' });
    expect(renewalTerm('2028-02-28', 12)).toEqual({ start: '2028-02-29', end: '2029-02-28' });
    expect(renewalTerm('2027-02-28', 12)).toEqual({ start: '2027-03-01', end: '2028-02-29' });
    expect(renewalTerm('2027-06-15', 36)).toEqual({ start: '2027-06-16', end: '2030-06-15' });
  });
  it('counts the whole months covering a period, rounded up', () => {
    expect(monthsCovering('2027-10-01', '2027-12-31')).toBe(3);
    expect(monthsCovering('2027-10-02', '2027-12-31')).toBe(3);
    expect(monthsCovering('2027-10-01', '2028-01-01')).toBe(4);
    expect(monthsCovering('2020-01-01', '2030-12-31')).toBe(60);
  });
});

describe('resolving a renewal', () => {
  const renew = (id: string, changes: object = {}) => ({
    entitlement_id: id,
    quantity: 10,
    ...changes,
  });

  it('renews the lines on the end date at the default uplift, and records the drops', () => {
    const result = resolve('RENEWAL', {
      lines: [renew('e1', { quantity: 12 })],
      drops: [{ entitlement_id: 'e2', reason: 'Moved to a competitor' }],
    });
    expect(result.problems).toEqual([]);
    expect(result.lines).toMatchObject([
      {
        sku: 'FW',
        sku_type: 'SAME',
        quantity: 12,
        prior_unit_net_minor: 100_000,
        uplift_percent: '5',
      },
    ]);
    expect(result.renewal).toEqual({
      kind: 'RENEWAL',
      contract_ids: ['c1'],
      term_start: '2028-01-01',
      term_end: '2028-12-31',
      default_uplift_percent: '5',
      drops: [{ entitlement_id: 'e2', sku: 'VPN', quantity: 10, reason: 'Moved to a competitor' }],
    });
  });

  it.each([
    [
      'a line neither renewed nor dropped',
      [renew('e1')],
      [],
      'lines',
      'Renew or drop every contract line: VPN is neither.',
    ],
    [
      'an uplift other than the default without a reason',
      [renew('e1', { uplift_percent: '7' }), renew('e2')],
      [],
      'lines.0.uplift_reason',
      RENEWAL_MESSAGES.upliftReasonRequired,
    ],
    [
      'a quantity of 0',
      [renew('e1', { quantity: 0 }), renew('e2')],
      [],
      'lines.0.quantity',
      'Enter a quantity of 1 or more, or drop the line.',
    ],
    [
      'a successor where there is none',
      [renew('e1'), renew('e2', { sku_type: 'SUCCESSOR' })],
      [],
      'lines.1.sku_type',
      RENEWAL_MESSAGES.noSuccessor('VPN'),
    ],
    [
      'a line both renewed and dropped',
      [renew('e1'), renew('e2')],
      [{ entitlement_id: 'e2', reason: 'x' }],
      'lines.1.entitlement_id',
      'VPN is both renewed and dropped: keep one.',
    ],
    [
      'a line that ended before the contract',
      [renew('e1'), renew('e2'), renew('e3')],
      [],
      'lines.2.entitlement_id',
      'That is not an annual line of this contract running on its end date.',
    ],
    [
      'a new product no longer sold',
      [renew('e1'), renew('e2'), { sku: 'OLD', quantity: 1 }],
      [],
      'lines.2.sku',
      'SKU OLD is no longer sold.',
    ],
  ])('refuses %s', (_title, lines, drops, path, message) => {
    expect(resolve('RENEWAL', { lines, drops }).problems).toContainEqual({ path, message });
  });

  it('asks the deal desk for each SKU type, and migrates to the successor', () => {
    const asDesk = resolve('RENEWAL', { lines: [renew('e1'), renew('e2')] }, { isDealDesk: true });
    expect(asDesk.problems).toEqual([
      { path: 'lines.0.sku_type', message: 'Please select SKU Type' },
      { path: 'lines.1.sku_type', message: 'Please select SKU Type' },
    ]);
    const migrated = resolve(
      'RENEWAL',
      {
        lines: [
          renew('e1', { sku_type: 'SUCCESSOR' }),
          renew('e2', { sku_type: 'SAME', uplift_percent: '5.00' }),
        ],
      },
      { isDealDesk: true },
    );
    expect(migrated.problems).toEqual([]);
    expect(migrated.lines.map((l) => [l.sku, l.source_sku, l.sku_type])).toEqual([
      ['FW2', 'FW', 'SUCCESSOR'],
      ['VPN', 'VPN', 'SAME'],
    ]);
  });
});

describe('resolving a co-term', () => {
  const second = contract('c2', {
    start_date: '2027-03-01',
    end_date: '2027-06-30',
    entitlements: [entitlement('e9', 'VPN', { start_date: '2027-03-01', end_date: '2027-06-30' })],
  });

  it('runs new lines from the start to the target end and extends merged contract lines', () => {
    const result = resolve(
      'COTERM',
      {
        contract_ids: ['c1', 'c2'],
        term_start: '2027-10-01',
        lines: [
          { sku: 'FW', quantity: 2 },
          { sku: 'BOX', quantity: 1 },
          { entitlement_id: 'e9', quantity: 5 },
        ],
      },
      { contracts: [second, main] },
    );
    expect(result.problems).toEqual([]);
    expect(result.contract_length).toBe(3);
    expect(
      result.lines.map((l) => [l.sku, l.period_start, l.period_end, l.uplift_percent]),
    ).toEqual([
      ['FW', '2027-10-01', '2027-12-31', null],
      ['BOX', null, null, null],
      ['VPN', '2027-07-01', '2027-12-31', '0'],
    ]);
    expect(result.renewal).toMatchObject({ contract_ids: ['c1', 'c2'], term_end: '2027-12-31' });
  });

  it.each([
    [
      'a start after the contract end',
      { term_start: '2028-01-15' },
      [main],
      'term_start',
      'The co-term start must fall within C-c1, which runs 01-Jan-2027 to 31-Dec-2027.',
    ],
    [
      'a contract of another account',
      { contract_ids: ['c1', 'c3'] },
      [main, contract('c3', { account_id: 'OTHER' })],
      'contract_ids.1',
      'C-c3 belongs to another account.',
    ],
    [
      'a contract in another currency',
      { contract_ids: ['c3'] },
      [contract('c3', { currency_code: 'EUR' })],
      'contract_ids.0',
      'C-c3 is in EUR; this quote is in USD.',
    ],
    [
      'a lost contract',
      { contract_ids: ['c3'] },
      [contract('c3', { status: 'LOST' })],
      'contract_ids.0',
      'C-c3 is lost: choose a running contract.',
    ],
    [
      'a contract one cannot see',
      { contract_ids: ['c1', 'c4'] },
      [main],
      'contract_ids.1',
      'There is no such contract, or it is not yours to see.',
    ],
  ])('refuses %s', (_title, draft, contracts, path, message) => {
    const result = resolve(
      'COTERM',
      { lines: [{ sku: 'FW', quantity: 1 }], ...draft },
      { contracts },
    );
    expect(
      result.problems.map(({ path: p, message: m }) => ({ path: p, message: m })),
    ).toContainEqual({
      path,
      message,
    });
  });
});

describe('resolving a true-up', () => {
  const usage = contract('c1', {
    entitlements: [entitlement('e1', 'FW', { quantity: 1000, unit_net_minor: 12_000 })],
  });
  const trueUp = (measured: number, measuredOn = '2027-07-01') =>
    resolve(
      'TRUE_UP',
      { measured_on: measuredOn, lines: [{ entitlement_id: 'e1', measured_quantity: measured }] },
      { contracts: [usage] },
    );

  it('quotes the overage from the measurement date to the contract end', () => {
    const result = trueUp(1120);
    expect(result.problems).toEqual([]);
    expect(result.lines).toMatchObject([
      {
        sku: 'FW',
        quantity: 120,
        measured_quantity: 1120,
        entitled_quantity: 1000,
        prior_unit_net_minor: 12_000,
        uplift_percent: '0',
        period_start: '2027-07-01',
        period_end: '2027-12-31',
      },
    ]);
  });

  it('has nothing to true up without an overage (blocking only moving on)', () => {
    const result = trueUp(900);
    expect(result.lines).toEqual([]);
    expect(result.problems).toEqual([
      {
        path: 'lines',
        message: 'No usage above the entitlement: nothing to true up.',
        only_on_advance: true,
      },
    ]);
  });

  it('refuses a measurement date outside the contract', () => {
    expect(trueUp(1120, '2028-01-01').problems).toContainEqual({
      path: 'measured_on',
      message: 'The measurement date must fall within C-c1, which runs 01-Jan-2027 to 31-Dec-2027.',
    });
  });

  it('refuses negative usage in the request', () => {
    const parsed = ZRenewalDraft.safeParse({
      lines: [{ entitlement_id: null, measured_quantity: -1 }],
    });
    expect(parsed.error?.issues[0]?.message).toBe(RENEWAL_MESSAGES.negativeUsage);
  });
});
