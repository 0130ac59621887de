/**
 * Issue 35: the arithmetic of pricing methods and schedules (docs/pricing.md): which block a
 * quantity falls in, the rate a range or slab schedule gives an aggregate quantity, and the unit
 * list a percent-of-total SKU takes from the lines it covers. Exact integers throughout; each
 * figure rounded once, half away from zero.
 */
import { BP_PER_WHOLE, divideRoundHalfAway } from './decimal.ts';
import type { PreparedBlock, PreparedSchedule } from './prepare-methods.ts';

/** The block whose band holds the quantity; undefined in a gap or beyond the last band. */
export const blockFor = (blocks: readonly PreparedBlock[], quantity: number) =>
  blocks.find((block) => block.min <= quantity && (block.max === null || quantity <= block.max));

/**
 * A schedule's discount on the aggregate quantity. RANGE: the rate (bp) of the highest tier the
 * whole (installed + quoted) reaches, for every unit. SLAB: the sum over the quoted units of
 * each unit's band rate (the quoted units numbered after the installed ones); the rate is that
 * over the quantity, kept as a fraction so that the blend is rounded once, on the money.
 */
export function scheduleRate(
  schedule: PreparedSchedule,
  quantity: number,
  installed: number,
): number {
  const { tiers } = schedule;
  if (quantity <= 0 || tiers.length === 0) return 0;
  if (schedule.type === 'RANGE') {
    let bp = 0;
    for (const tier of tiers) if (tier.minQuantity <= installed + quantity) bp = tier.bp;
    return bp;
  }
  // Units numbered installed + 1 … installed + quantity; band i holds units from its minimum
  // (1 at least) up to the next band's minimum − 1.
  const first = installed + 1;
  const last = installed + quantity;
  let weighted = 0;
  tiers.forEach((tier, index) => {
    const next = tiers[index + 1];
    const from = Math.max(tier.minQuantity, 1, first);
    const to = Math.min(next === undefined ? last : next.minQuantity - 1, last);
    if (to >= from) weighted += (to - from + 1) * tier.bp;
  });
  return weighted;
}

/**
 * Lowest common multiple of 1…12: a year of any length in months divides it, so per-12-month
 * nets of covered lines add up as integers and the unit list is rounded once.
 */
export const MONTHS_LCM = 27_720n;

/** What the lines a percent-of-total SKU covers add up to: exact, scaled by MONTHS_LCM. */
export interface CoveredBase {
  /** Σ net per 12 months (ANNUAL) or over the contract (ONE_TIME), × MONTHS_LCM. */
  scaledNet: bigint;
  units: number;
}

/** One covered line's part: its net per 12 months of its units, or its one-time net. */
export function coveredPart(
  annual: boolean,
  years: readonly { net_minor: number; quantity: number; months: number }[],
): CoveredBase {
  let scaledNet = 0n;
  let units = 0;
  for (const year of years) {
    units += year.quantity;
    scaledNet += annual
      ? (BigInt(year.net_minor) * 12n * MONTHS_LCM) / BigInt(year.months)
      : BigInt(year.net_minor) * MONTHS_LCM;
  }
  return { scaledNet, units };
}

/** bp of the covered net per unit, rounded once; and that net per unit, rounded for display. */
export function percentOfTotalUnit(base: CoveredBase, bp: number) {
  const denominator = BigInt(base.units) * MONTHS_LCM;
  return {
    unitMinor: divideRoundHalfAway(base.scaledNet * BigInt(bp), denominator * BigInt(BP_PER_WHOLE)),
    baseUnitMinor: divideRoundHalfAway(base.scaledNet, denominator),
  };
}
