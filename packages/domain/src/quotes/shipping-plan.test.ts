import { describe, expect, it } from 'vitest';
import {
  quantitiesToShip,
  unallocated,
  validateShippingPlan,
  type ShippingPlan,
} from './shipping-plan.ts';

const standard = (
  lines: ShippingPlan['lines'],
  manual: (number | null)[] = [null],
): ShippingPlan => ({
  quote_type: 'STANDARD',
  contract_length: 12,
  products: [{ line_id: 'fw', quantities: [10], manual_shipping_quantities: manual }],
  lines,
});

const ela = (lines: ShippingPlan['lines'], contractLength = 36): ShippingPlan => ({
  quote_type: 'ELA',
  contract_length: contractLength,
  products: [{ line_id: 'fw', quantities: [5, 3, 0, 2, 1], manual_shipping_quantities: [] }],
  lines,
});

describe('validateShippingPlan', () => {
  it.each<[string, ShippingPlan, Record<string, string>]>([
    [
      'STANDARD split into two lines that add up',
      standard([
        { line_id: 'fw', region: 'EMEA', incoterm: 'DAP', quantity: 6 },
        { line_id: 'fw', region: 'NA', incoterm: 'EXW', quantity: 4 },
      ]),
      {},
    ],
    [
      'STANDARD lines that do not add up',
      standard([{ line_id: 'fw', region: 'EMEA', incoterm: 'DAP', quantity: 6 }]),
      {
        'products.fw.shipping_quantity':
          'Total Shipping Quantity does not match with sum of Shipping Quantities',
      },
    ],
    [
      'STANDARD line without region, incoterm or quantity',
      standard([{ line_id: 'fw', quantity: null }]),
      {
        'lines.0.region': 'Please select Region.',
        'lines.0.incoterm': 'Please select Incoterm.',
        'lines.0.quantity': 'Please enter Quantity.',
      },
    ],
    ['STANDARD with a manual quantity of 0: nothing to ship', standard([], [0]), {}],
    [
      'STANDARD with a manual quantity of 4',
      standard([{ line_id: 'fw', region: 'NA', incoterm: 'EXW', quantity: 4 }], [4]),
      {},
    ],
    [
      'ELA schedule matching every year of a 36-month contract',
      ela([
        { line_id: 'fw', region: 'EMEA', incoterm: 'DAP', years: [5, 1, 0] },
        { line_id: 'fw', region: 'APJ', incoterm: 'DAP', years: [0, 2, 0] },
      ]),
      {},
    ],
    [
      'ELA year 2 short',
      ela([{ line_id: 'fw', region: 'EMEA', incoterm: 'DAP', years: [5, 1, 0] }]),
      {
        'products.fw.year2':
          'Shipping Quantity does not match with sum of Deployment Schedule for Year 2.',
      },
    ],
    [
      'ELA product with quantities and no lines',
      ela([]),
      { 'products.fw': 'Please configure Shipping.' },
    ],
    [
      'ELA line with no schedule',
      ela([
        { line_id: 'fw', region: 'EMEA', incoterm: 'DAP', years: [5, 3, 0] },
        { line_id: 'fw', region: 'EMEA', incoterm: 'DAP', years: [0, 0, 0] },
      ]),
      { 'lines.1.deployment_schedule': 'Please enter Deployment Schedule.' },
    ],
    [
      'a line for a product the plan does not ship',
      standard([
        { line_id: 'fw', region: 'NA', incoterm: 'EXW', quantity: 10 },
        { line_id: 'nope', region: 'NA', incoterm: 'EXW', quantity: 1 },
      ]),
      { 'lines.1.line_id': 'That product is not shipped.' },
    ],
  ])('%s', (_name, plan, expected) => {
    expect(validateShippingPlan(plan)).toEqual(expected);
  });

  it('keys a line’s errors by its place among all lines, not its product’s', () => {
    const plan: ShippingPlan = {
      quote_type: 'STANDARD',
      contract_length: 12,
      products: [
        { line_id: 'a', quantities: [1], manual_shipping_quantities: [null] },
        { line_id: 'b', quantities: [1], manual_shipping_quantities: [null] },
      ],
      lines: [
        { line_id: 'a', region: 'NA', incoterm: 'EXW', quantity: 1 },
        { line_id: 'b', region: '', incoterm: 'EXW', quantity: 1 },
      ],
    };
    expect(validateShippingPlan(plan)).toEqual({ 'lines.1.region': 'Please select Region.' });
  });
});

describe('unallocated and quantitiesToShip', () => {
  it('counts what is left to ship per year', () => {
    const plan = ela([{ line_id: 'fw', region: 'EMEA', incoterm: 'DAP', years: [2, 3, 0] }]);
    expect(unallocated(plan).get('fw')).toEqual([3, 0, 0]);
  });

  it('ships the manual quantity where one is set', () => {
    expect(
      quantitiesToShip(
        { line_id: 'x', quantities: [5, 5], manual_shipping_quantities: [null, 2] },
        2,
      ),
    ).toEqual([5, 2]);
  });
});
