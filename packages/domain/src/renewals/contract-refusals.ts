import type { ContractSummary } from './schemas.ts';

/* What may be quoted on a contract: the renewals desk offers only what the server would accept
   (create-renewal-quote refuses the same cases). */

/** What the refusals read of a contract. */
export type ContractFacts = Pick<
  ContractSummary,
  'contract_number' | 'status' | 'opportunity_id' | 'renewal_quote'
>;

/**
 * Why a contract cannot be renewed now, or null when it can: the server refuses the same cases
 * (a renewed or lost contract, a renewal already under way, no opportunity to quote on).
 */
export function renewRefusal(contract: ContractFacts): string | null {
  if (contract.status === 'RENEWED') return `${contract.contract_number} is already renewed.`;
  if (contract.status === 'LOST') return `${contract.contract_number} is marked lost.`;
  if (contract.status === 'IN_PROGRESS') {
    const number = contract.renewal_quote?.quote_number;
    return number ? `Renewal quote ${number} is in progress.` : 'A renewal quote is in progress.';
  }
  if (contract.opportunity_id === null) {
    return `${contract.contract_number} has no opportunity to quote on.`;
  }
  return null;
}

/** Why a co-term or true-up cannot be made on the contract now, or null when it can. */
export function amendRefusal(contract: ContractFacts): string | null {
  if (contract.status === 'RENEWED') return `${contract.contract_number} is already renewed.`;
  if (contract.status === 'LOST') return `${contract.contract_number} is marked lost.`;
  if (contract.opportunity_id === null) {
    return `${contract.contract_number} has no opportunity to quote on.`;
  }
  return null;
}
