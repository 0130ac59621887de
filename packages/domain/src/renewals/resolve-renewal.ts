/** A renewal draft resolved: one contract carried on into a new term (renewal-draft.ts). */
import { formatBp } from '../pricing/decimal.ts';
import { RENEWAL_MESSAGES } from './model.ts';
import type { ContractDetail } from './schemas.ts';
import {
  type RenewalProblem,
  type ResolveRenewalInput,
  type ResolvedRenewal,
  type ResolvedRenewalLine,
  blankLine,
  bpOf,
  fromEntitlement,
  newProductProblems,
  percentText,
  renewableEntitlements,
  renewalTerm,
} from './renewal-draft.ts';

export function resolveRenewal(
  input: ResolveRenewalInput,
  contract: ContractDetail,
): ResolvedRenewal {
  const { draft } = input;
  const problems: RenewalProblem[] = [];
  const length = draft.contract_length ?? input.quote.contract_length;
  const term = renewalTerm(contract.end_date, length);
  const renewable = new Map(renewableEntitlements(contract).map((e) => [e.id, e]));
  const dropped = new Map<string, { index: number; reason: string }>();
  draft.drops.forEach((drop, index) => {
    const path = `drops.${index}`;
    if (!renewable.has(drop.entitlement_id)) {
      problems.push({
        path: `${path}.entitlement_id`,
        message: 'That is not a line of this contract to drop.',
      });
    } else if (dropped.has(drop.entitlement_id)) {
      problems.push({ path: `${path}.entitlement_id`, message: 'That line is dropped twice.' });
    } else {
      dropped.set(drop.entitlement_id, { index, reason: drop.reason });
    }
    if (drop.reason.trim() === '') {
      problems.push({ path: `${path}.reason`, message: RENEWAL_MESSAGES.dropReasonRequired });
    }
  });

  const defaultBp = bpOf(input.defaultUpliftPercent);
  const renewed = new Set<string>();
  const lines: ResolvedRenewalLine[] = [];
  draft.lines.forEach((line, index) => {
    const path = `lines.${index}`;
    if (line.entitlement_id === null) {
      const found = newProductProblems(input, line, index);
      problems.push(...found);
      if (found.length === 0) lines.push(blankLine(index, line));
      return;
    }
    const e = renewable.get(line.entitlement_id);
    if (!e) {
      problems.push({
        path: `${path}.entitlement_id`,
        message: 'That is not an annual line of this contract running on its end date.',
      });
      return;
    }
    const lineProblems: RenewalProblem[] = [];
    if (renewed.has(e.id)) {
      lineProblems.push({ path: `${path}.entitlement_id`, message: `${e.sku} is renewed twice.` });
    }
    renewed.add(e.id);
    if (dropped.has(e.id)) {
      lineProblems.push({
        path: `${path}.entitlement_id`,
        message: `${e.sku} is both renewed and dropped: keep one.`,
      });
    }
    let skuType = line.sku_type;
    if (skuType === null && input.isDealDesk) {
      lineProblems.push({ path: `${path}.sku_type`, message: RENEWAL_MESSAGES.skuTypeRequired });
    }
    skuType ??= 'SAME';
    let sku = e.sku;
    if (skuType === 'SUCCESSOR') {
      if (e.successor_sku === null) {
        lineProblems.push({
          path: `${path}.sku_type`,
          message: RENEWAL_MESSAGES.noSuccessor(e.sku),
        });
      } else {
        sku = e.successor_sku;
        const successor = input.skus.get(sku);
        if (!successor?.active) {
          lineProblems.push({ path: `${path}.sku_type`, message: `SKU ${sku} is no longer sold.` });
        }
      }
    }
    const uplift = line.uplift_percent === null ? null : percentText(line.uplift_percent);
    const reason = line.uplift_reason?.trim() ? line.uplift_reason.trim() : null;
    if (uplift !== null && bpOf(uplift) !== defaultBp && reason === null) {
      lineProblems.push({
        path: `${path}.uplift_reason`,
        message: RENEWAL_MESSAGES.upliftReasonRequired,
      });
    }
    if (line.quantity < 1) {
      lineProblems.push({
        path: `${path}.quantity`,
        message: 'Enter a quantity of 1 or more, or drop the line.',
      });
    }
    problems.push(...lineProblems);
    if (lineProblems.length > 0) return;
    lines.push({
      ...fromEntitlement(index, line, contract, e),
      sku,
      sku_type: skuType,
      uplift_percent: uplift ?? formatBp(defaultBp),
      uplift_reason: reason,
    });
  });

  for (const e of renewable.values()) {
    if (!renewed.has(e.id) && !dropped.has(e.id)) {
      problems.push({
        path: 'lines',
        message: `Renew or drop every contract line: ${e.sku} is neither.`,
      });
    }
  }

  return {
    lines,
    contract_length: length,
    problems,
    renewal: {
      kind: 'RENEWAL',
      contract_ids: [contract.id],
      term_start: term.start,
      term_end: term.end,
      default_uplift_percent: formatBp(defaultBp),
      drops: [...dropped.entries()].flatMap(([id, drop]) => {
        const e = renewable.get(id);
        return e
          ? [{ entitlement_id: id, sku: e.sku, quantity: e.quantity, reason: drop.reason }]
          : [];
      }),
    },
  };
}
