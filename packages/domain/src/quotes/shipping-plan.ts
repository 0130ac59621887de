import { parseQuoteType } from './quote-types.ts';
import { enabledContractYears, type ContractLengthInput } from '../validation/contract-years.ts';
import { validateShippingBreakups, type ShippingLine } from '../validation/shipping.ts';

/**
 * A quote's shipping, product by product (issue 6): each hardware line of the quote is shipped
 * by its own breakup lines, and the spec's rules (§5, `validateShippingBreakups`) apply to each
 * product with its lines. The quantity to ship is the one bought unless a manual shipping
 * quantity says otherwise (0: nothing ships).
 */

export interface ShippingProduct {
  /** The quote line shipped (spec: sh_prod_id). */
  line_id: string;
  /** Bought per contract year (STANDARD: one). */
  quantities: readonly number[];
  /** Per year: null ships what is bought. */
  manual_shipping_quantities: readonly (number | null)[];
}

export interface PlannedShippingLine {
  line_id: string;
  region?: string | null;
  incoterm?: string | null;
  /** STANDARD */
  quantity?: number | null;
  /** ELA: per contract year. */
  years?: readonly (number | null)[] | null;
}

export interface ShippingPlan {
  quote_type: string;
  contract_length: ContractLengthInput;
  products: readonly ShippingProduct[];
  lines: readonly PlannedShippingLine[];
}

const yearsOf = (plan: Pick<ShippingPlan, 'quote_type' | 'contract_length'>) =>
  parseQuoteType(plan.quote_type) === 'ELA' ? enabledContractYears(plan.contract_length) : [1];

/** What is to ship per year: the manual quantity where one is set, else what is bought. */
export function quantitiesToShip(product: ShippingProduct, years: number): number[] {
  return Array.from(
    { length: years },
    (_, i) => product.manual_shipping_quantities[i] ?? product.quantities[i] ?? 0,
  );
}

/** Per product and year: to ship minus what its lines ship (negative when over-allocated). */
export function unallocated(plan: ShippingPlan): Map<string, number[]> {
  const isEla = parseQuoteType(plan.quote_type) === 'ELA';
  const years = yearsOf(plan).length;
  const result = new Map<string, number[]>();
  for (const product of plan.products) {
    const own = plan.lines.filter((l) => l.line_id === product.line_id);
    result.set(
      product.line_id,
      quantitiesToShip(product, years).map((toShip, i) => {
        const shipped = own.reduce((sum, l) => sum + ((isEla ? l.years?.[i] : l.quantity) ?? 0), 0);
        return toShip - shipped;
      }),
    );
  }
  return result;
}

/**
 * The spec's messages, keyed for the screen: `lines.<index>.<field>` for a breakup line (its
 * index in `plan.lines`), `products.<line_id>` and `products.<line_id>.<field>` for a product
 * (`shipping_quantity` for STANDARD, `year<N>` for ELA). A line naming no product of the plan
 * gets `lines.<index>.line_id`.
 */
export function validateShippingPlan(plan: ShippingPlan): Record<string, string> {
  const errors: Record<string, string> = {};
  const isEla = parseQuoteType(plan.quote_type) === 'ELA';
  const years = yearsOf(plan);
  const known = new Set(plan.products.map((p) => p.line_id));
  plan.lines.forEach((line, index) => {
    if (!known.has(line.line_id)) errors[`lines.${index}.line_id`] = 'That product is not shipped.';
  });

  for (const product of plan.products) {
    const indexes = plan.lines.flatMap((l, i) => (l.line_id === product.line_id ? [i] : []));
    const own: ShippingLine[] = indexes.map((i) => {
      const line = plan.lines[i] as PlannedShippingLine;
      const shipping: Record<string, unknown> = {
        sh_prod_id: product.line_id,
        region: line.region ?? null,
        incoterm: line.incoterm ?? null,
      };
      if (isEla) years.forEach((y, yi) => (shipping[`year${y}`] = line.years?.[yi] ?? null));
      else shipping.quantity = line.quantity ?? null;
      return shipping;
    });
    const toShip = quantitiesToShip(product, years.length);
    const productInput: Record<string, unknown> = { id: product.line_id };
    years.forEach((y, yi) => {
      productInput[`y${y}`] = product.quantities[yi] ?? 0;
      const manual = product.manual_shipping_quantities[yi];
      if (manual !== null && manual !== undefined) {
        productInput[`y${y}_manual_shipping_quantity`] = manual;
      }
    });
    const total = toShip.reduce((a, b) => a + b, 0);
    const found = validateShippingBreakups({
      quote_type: isEla ? 'ELA' : 'STANDARD',
      contract_length: plan.contract_length,
      products: [productInput as never],
      // STANDARD: nothing to ship needs no lines and no total.
      ...(isEla
        ? { shipping_quantity: total }
        : total === 0
          ? { manual_shipping_quantity: 0 }
          : { shipping_quantity: total }),
      shipping_quantities: own,
    });
    for (const [key, message] of Object.entries(found)) {
      const line = /^lines\.(\d+)\.(.+)$/.exec(key);
      if (line) {
        errors[`lines.${indexes[Number(line[1])]}.${line[2]}`] = message;
      } else if (key === 'shipping_quantity') {
        errors[`products.${product.line_id}.shipping_quantity`] = message;
      } else {
        errors[key] = message;
      }
    }
  }
  return errors;
}
