import { describe, expect, it } from 'vitest';
import { amendRefusal, renewRefusal, type ContractFacts } from './contract-refusals.ts';

const contract = (facts: Partial<ContractFacts>): ContractFacts => ({
  contract_number: 'C-1001',
  status: 'NOT_STARTED',
  opportunity_id: 'OPP-1',
  renewal_quote: null,
  ...facts,
});
const inProgress = { id: 'q1', quote_number: 'Q-77', status_id: 'DRAFT', target_path: '/q' };

describe('renewRefusal and amendRefusal', () => {
  it.each([
    ['a contract not started', {}, null, null],
    [
      'a renewed contract',
      { status: 'RENEWED' },
      'C-1001 is already renewed.',
      'C-1001 is already renewed.',
    ],
    ['a lost contract', { status: 'LOST' }, 'C-1001 is marked lost.', 'C-1001 is marked lost.'],
    [
      'a renewal under way, named',
      { status: 'IN_PROGRESS', renewal_quote: inProgress },
      'Renewal quote Q-77 is in progress.',
      null,
    ],
    [
      'a renewal under way, unnamed',
      { status: 'IN_PROGRESS' },
      'A renewal quote is in progress.',
      null,
    ],
    [
      'no opportunity to quote on',
      { opportunity_id: null },
      'C-1001 has no opportunity to quote on.',
      'C-1001 has no opportunity to quote on.',
    ],
  ] as const)('%s: renew %j, co-term or true-up %j', (_case, facts, renew, amend) => {
    const given = contract(facts);
    expect(renewRefusal(given)).toBe(renew);
    expect(amendRefusal(given)).toBe(amend);
  });

  it('names the first reason: a lost contract without an opportunity is lost', () => {
    expect(renewRefusal(contract({ status: 'LOST', opportunity_id: null }))).toBe(
      'C-1001 is marked lost.',
    );
  });
});
