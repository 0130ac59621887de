/**
 * Resolving a renewal, co-term or true-up draft: the contracts it is about are checked here, then
 * its kind's rules (resolve-renewal.ts, resolve-coterm.ts, resolve-true-up.ts) give the lines.
 */
import type { ContractDetail } from './schemas.ts';
import {
  NO_SUCH_CONTRACT_MESSAGE,
  type RenewalProblem,
  type ResolveRenewalInput,
  type ResolvedRenewal,
  contractIdsOf,
} from './renewal-draft.ts';
import { resolveRenewal } from './resolve-renewal.ts';
import { resolveCoterm } from './resolve-coterm.ts';
import { resolveTrueUp } from './resolve-true-up.ts';

function checkContracts(input: ResolveRenewalInput, ids: readonly string[]) {
  const problems: RenewalProblem[] = [];
  const byId = new Map(input.contracts.map((c) => [c.id, c]));
  const chosen: ContractDetail[] = [];
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    const path = `contract_ids.${index}`;
    const contract = byId.get(id);
    if (seen.has(id)) {
      problems.push({ path, message: 'That contract is chosen twice.' });
      return;
    }
    seen.add(id);
    if (!contract) {
      problems.push({ path, message: NO_SUCH_CONTRACT_MESSAGE, not_found: true });
      return;
    }
    if (contract.account_id !== input.quote.account_id) {
      problems.push({ path, message: `${contract.contract_number} belongs to another account.` });
    } else if (contract.currency_code !== input.quote.currency_code) {
      problems.push({
        path,
        message: `${contract.contract_number} is in ${contract.currency_code}; this quote is in ${input.quote.currency_code}.`,
      });
    } else if (contract.status === 'RENEWED' || contract.status === 'LOST') {
      problems.push({
        path,
        message: `${contract.contract_number} is ${contract.status === 'LOST' ? 'lost' : 'already renewed'}: choose a running contract.`,
      });
    }
    chosen.push(contract);
  });
  return { problems, chosen };
}

/** Turns a draft into the lines to store and the quote's renewal record, or problems. */
export function resolveRenewalDraft(input: ResolveRenewalInput): ResolvedRenewal {
  const ids = contractIdsOf(input.draft, input.stored);
  const checked = checkContracts(input, ids);
  const problems = [...checked.problems];
  const target = checked.chosen[0];
  const fallback = { lines: [], renewal: null, contract_length: input.quote.contract_length };
  if (ids.length === 0) {
    return {
      ...fallback,
      problems: [{ path: 'contract_ids', message: 'Choose the contract this quote is about.' }],
    };
  }
  if (!target) return { ...fallback, problems };
  if (input.kind !== 'COTERM' && ids.length > 1) {
    problems.push({
      path: 'contract_ids',
      message: `A ${input.kind === 'RENEWAL' ? 'renewal' : 'true-up'} is about one contract.`,
    });
  }
  const stored = input.stored?.contract_ids[0];
  if (input.kind !== 'COTERM' && input.stored && stored !== undefined && stored !== target.id) {
    problems.push({
      path: 'contract_ids.0',
      message: 'This quote was made for another contract: make a new quote for this one.',
    });
  }
  const resolved =
    input.kind === 'RENEWAL'
      ? resolveRenewal(input, target)
      : input.kind === 'COTERM'
        ? resolveCoterm(input, checked.chosen)
        : resolveTrueUp(input, target);
  return { ...resolved, problems: [...problems, ...resolved.problems] };
}
