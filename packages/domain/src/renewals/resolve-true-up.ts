/** A true-up draft resolved: usage above a contract's entitlement (renewal-draft.ts). */
import type { ContractDetail } from './schemas.ts';
import {
  NOTHING_TO_TRUE_UP_MESSAGE,
  NO_UPLIFT,
  type RenewalProblem,
  type ResolveRenewalInput,
  type ResolvedRenewal,
  type ResolvedRenewalLine,
  fromEntitlement,
  isAnnualRunningOn,
  monthsCovering,
  runs,
  within,
} from './renewal-draft.ts';

export function resolveTrueUp(
  input: ResolveRenewalInput,
  contract: ContractDetail,
): ResolvedRenewal {
  const { draft } = input;
  const problems: RenewalProblem[] = [];
  const measuredOn = draft.measured_on ?? input.stored?.term_start ?? input.today;
  const dateOk = within(measuredOn, contract);
  if (!dateOk) {
    problems.push({
      path: 'measured_on',
      message: `The measurement date must fall within ${runs(contract)}.`,
    });
  }
  const byId = new Map(contract.entitlements.map((e) => [e.id, e]));
  const measured = new Set<string>();
  const lines: ResolvedRenewalLine[] = [];
  draft.lines.forEach((line, index) => {
    const path = `lines.${index}`;
    const e = line.entitlement_id === null ? undefined : byId.get(line.entitlement_id);
    if (!e || (dateOk && !isAnnualRunningOn(e, measuredOn))) {
      problems.push({
        path: `${path}.entitlement_id`,
        message:
          line.entitlement_id === null
            ? 'Name the contract line whose usage was measured.'
            : 'That is not an annual line of this contract running on the measurement date.',
      });
      return;
    }
    if (measured.has(e.id)) {
      problems.push({ path: `${path}.entitlement_id`, message: `${e.sku} is measured twice.` });
      return;
    }
    measured.add(e.id);
    // A line left blank was not measured: nothing to true up on it.
    if (line.measured_quantity === null) return;
    const overage = line.measured_quantity - e.quantity;
    if (overage <= 0 || !dateOk) return;
    lines.push({
      ...fromEntitlement(index, line, contract, e),
      quantity: overage,
      uplift_percent: NO_UPLIFT,
      period_start: measuredOn,
      period_end: contract.end_date,
      measured_quantity: line.measured_quantity,
      entitled_quantity: e.quantity,
    });
  });
  if (problems.length === 0 && lines.length === 0) {
    problems.push({ path: 'lines', message: NOTHING_TO_TRUE_UP_MESSAGE, only_on_advance: true });
  }
  return {
    lines,
    problems,
    contract_length: dateOk
      ? monthsCovering(measuredOn, contract.end_date)
      : input.quote.contract_length,
    renewal: {
      kind: 'TRUE_UP',
      contract_ids: [contract.id],
      term_start: measuredOn,
      term_end: contract.end_date,
      default_uplift_percent: NO_UPLIFT,
      drops: [],
    },
  };
}
