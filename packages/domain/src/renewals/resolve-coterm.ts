/** A co-term draft resolved: contracts merged to end together (renewal-draft.ts). */
import { addDays } from './proration.ts';
import type { ContractDetail } from './schemas.ts';
import {
  NO_UPLIFT,
  type RenewalProblem,
  type ResolveRenewalInput,
  type ResolvedRenewal,
  type ResolvedRenewalLine,
  blankLine,
  fromEntitlement,
  monthsCovering,
  newProductProblems,
  percentText,
  runs,
  within,
} from './renewal-draft.ts';

export function resolveCoterm(
  input: ResolveRenewalInput,
  chosen: ContractDetail[],
): ResolvedRenewal {
  const { draft } = input;
  const problems: RenewalProblem[] = [];
  const [target, ...merged] = chosen as [ContractDetail, ...ContractDetail[]];
  const start = draft.term_start ?? input.stored?.term_start ?? input.today;
  const end = target.end_date;
  const startOk = within(start, target);
  if (!startOk) {
    problems.push({
      path: 'term_start',
      message: `The co-term start must fall within ${runs(target)}.`,
    });
  }
  const extendable = new Map(
    merged.flatMap((c) => c.entitlements.map((e) => [e.id, { contract: c, e }] as const)),
  );
  const ofTarget = new Set(target.entitlements.map((e) => e.id));
  const extended = new Set<string>();
  const lines: ResolvedRenewalLine[] = [];
  draft.lines.forEach((line, index) => {
    const path = `lines.${index}`;
    if (line.entitlement_id === null) {
      const found = newProductProblems(input, line, index);
      problems.push(...found);
      if (found.length > 0) return;
      const annual = input.skus.get(line.sku)?.billing === 'ANNUAL';
      lines.push({
        ...blankLine(index, line),
        period_start: annual && startOk ? start : null,
        period_end: annual && startOk ? end : null,
      });
      return;
    }
    const found = extendable.get(line.entitlement_id);
    if (!found) {
      problems.push({
        path: `${path}.entitlement_id`,
        message: ofTarget.has(line.entitlement_id)
          ? `Lines of ${target.contract_number} already end with it: there is nothing to extend.`
          : 'That is not a line of the contracts merged onto this one.',
      });
      return;
    }
    const { contract, e } = found;
    if (extended.has(e.id)) {
      problems.push({ path: `${path}.entitlement_id`, message: `${e.sku} is extended twice.` });
      return;
    }
    extended.add(e.id);
    if (e.billing !== 'ANNUAL') {
      problems.push({
        path: `${path}.entitlement_id`,
        message: `${e.sku} is bought once: only annual lines are extended.`,
      });
      return;
    }
    // Already running to the end date (or beyond): nothing to add.
    if (e.end_date >= end) return;
    if (line.quantity < 1) {
      problems.push({
        path: `${path}.quantity`,
        message: 'Enter a quantity of 1 or more, or remove the line.',
      });
      return;
    }
    lines.push({
      ...fromEntitlement(index, line, contract, e),
      uplift_percent: percentText(line.uplift_percent ?? NO_UPLIFT),
      uplift_reason: line.uplift_reason?.trim() ? line.uplift_reason.trim() : null,
      period_start: addDays(e.end_date, 1),
      period_end: end,
    });
  });
  return {
    lines,
    problems,
    contract_length: startOk ? monthsCovering(start, end) : input.quote.contract_length,
    renewal: {
      kind: 'COTERM',
      contract_ids: chosen.map((c) => c.id),
      term_start: start,
      term_end: end,
      default_uplift_percent: NO_UPLIFT,
      drops: [],
    },
  };
}
