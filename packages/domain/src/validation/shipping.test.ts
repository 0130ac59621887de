import { describe, expect, it } from 'vitest';
import { CONTRACT_YEAR_BOUNDARIES } from './contract-years.cases.ts';
import {
  validateShippingBreakups,
  type ShippingBreakupsInput,
  type ShippingLine,
  type ShippingProduct,
} from './shipping.ts';

const line = (props: ShippingLine = {}): ShippingLine => ({
  sh_prod_id: 'P1',
  region: 'EMEA',
  incoterm: 'DAP',
  ...props,
});

const standard = (props: Partial<ShippingBreakupsInput> = {}): ShippingBreakupsInput => ({
  quote_type: 'STANDARD',
  shipping_quantity: 10,
  shipping_quantities: [line({ quantity: 6 }), line({ quantity: 4 })],
  ...props,
});

describe('STANDARD shipping breakups', () => {
  it.each<[string, Partial<ShippingBreakupsInput>, Record<string, string>]>([
    ['lines adding up to the total', {}, {}],
    [
      'a total the lines do not add up to',
      { shipping_quantity: 11 },
      {
        shipping_quantity: 'Total Shipping Quantity does not match with sum of Shipping Quantities',
      },
    ],
    [
      'no total',
      { shipping_quantity: undefined },
      { shipping_quantity: 'Please enter Total Shipping Quantity.' },
    ],
    [
      'an empty total',
      { shipping_quantity: '' },
      { shipping_quantity: 'Please enter Total Shipping Quantity.' },
    ],
    [
      'no total while some quantity needs shipping by hand',
      { shipping_quantity: null, manual_shipping_quantity: 3 },
      { shipping_quantity: 'Please enter Total Shipping Quantity.' },
    ],
    [
      'no total when the manual quantity is 0',
      { shipping_quantity: undefined, manual_shipping_quantity: 0, shipping_quantities: [] },
      {},
    ],
    [
      'a total with a manual quantity of 0 must still match the lines',
      { shipping_quantity: 9, manual_shipping_quantity: 0 },
      {
        shipping_quantity: 'Total Shipping Quantity does not match with sum of Shipping Quantities',
      },
    ],
    ['a total of 0 and no lines', { shipping_quantity: 0, shipping_quantities: [] }, {}],
    [
      'a total and no lines',
      { shipping_quantity: 5, shipping_quantities: [] },
      {
        shipping_quantity: 'Total Shipping Quantity does not match with sum of Shipping Quantities',
      },
    ],
    [
      'a line without region',
      { shipping_quantities: [line({ quantity: 10, region: null })] },
      { 'lines.0.region': 'Please select Region.' },
    ],
    [
      'a line whose region is spaces',
      { shipping_quantities: [line({ quantity: 10, region: '  ' })] },
      { 'lines.0.region': 'Please select Region.' },
    ],
    [
      'a line without incoterm',
      { shipping_quantities: [line({ quantity: 6 }), line({ quantity: 4, incoterm: '' })] },
      { 'lines.1.incoterm': 'Please select Incoterm.' },
    ],
    [
      'a line without quantity (no total mismatch on top)',
      { shipping_quantities: [line({ quantity: 10 }), line()] },
      { 'lines.1.quantity': 'Please enter Quantity.' },
    ],
    [
      'a line shipping 0',
      { shipping_quantities: [line({ quantity: 10 }), line({ quantity: 0 })] },
      { 'lines.1.quantity': 'Please enter Quantity.' },
    ],
    [
      'a line missing everything',
      { shipping_quantity: 0, shipping_quantities: [{}] },
      {
        'lines.0.region': 'Please select Region.',
        'lines.0.incoterm': 'Please select Incoterm.',
        'lines.0.quantity': 'Please enter Quantity.',
      },
    ],
  ])('%s', (_label, props, expected) => {
    expect(validateShippingBreakups(standard(props))).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ['text', '10'],
    ['NaN', Number.NaN],
    ['a negative number', -1],
    ['a fraction', 1.5],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['more than a billion', 1_000_000_001],
  ])('a quantity given as %s is invalid', (_label, quantity) => {
    const errors = validateShippingBreakups(
      standard({ shipping_quantity: quantity as number, shipping_quantities: [] }),
    );
    expect(errors).toEqual({
      shipping_quantity: 'Please enter a whole number from 0 to 1000000000.',
    });
    const lineErrors = validateShippingBreakups(
      standard({ shipping_quantities: [line({ quantity: quantity as number })] }),
    );
    expect(lineErrors).toEqual({
      'lines.0.quantity': 'Please enter a whole number from 0 to 1000000000.',
    });
  });

  it.each([['LEGACY'], [null], [undefined], ['standard']])(
    'quote type %j follows the STANDARD rules',
    (quoteType) => {
      expect(
        validateShippingBreakups(standard({ quote_type: quoteType, shipping_quantity: undefined })),
      ).toEqual({ shipping_quantity: 'Please enter Total Shipping Quantity.' });
    },
  );

  it('survives lines that are not objects', () => {
    const input = { ...standard(), shipping_quantities: [null, 'x'] } as unknown;
    expect(validateShippingBreakups(input as ShippingBreakupsInput)).toMatchObject({
      'lines.0.region': 'Please select Region.',
      'lines.1.quantity': 'Please enter Quantity.',
    });
  });
});

const ela = (props: Partial<ShippingBreakupsInput> = {}): ShippingBreakupsInput => ({
  quote_type: 'ELA',
  contract_length: 60,
  products: [],
  shipping_quantities: [],
  ...props,
});

const product = (
  props: Omit<ShippingProduct, 'id'> & { id?: string | number },
): ShippingProduct => ({
  id: 'P1',
  ...props,
});

describe('ELA shipping breakups', () => {
  it('is valid with a total of 0, whatever is left in the lines', () => {
    expect(validateShippingBreakups(ela({ shipping_quantity: 0 }))).toEqual({});
    expect(
      validateShippingBreakups(ela({ shipping_quantity: 0, shipping_quantities: [{}] })),
    ).toEqual({});
  });

  it('is valid with nothing to ship and no lines', () => {
    expect(validateShippingBreakups(ela({ products: [product({ y1: 0 })] }))).toEqual({});
  });

  it('does not ask ELA for a total', () => {
    const input = ela({
      products: [product({ y1: 4 })],
      shipping_quantities: [line({ year1: 4 })],
    });
    expect(validateShippingBreakups(input)).toEqual({});
  });

  it.each<[string, ShippingLine, Record<string, string>]>([
    ['a line with a schedule', line({ year2: 3 }), {}],
    [
      'a line without schedule',
      line(),
      { 'lines.0.deployment_schedule': 'Please enter Deployment Schedule.' },
    ],
    [
      'a line whose schedule is all 0',
      line({ year1: 0, year2: 0 }),
      { 'lines.0.deployment_schedule': 'Please enter Deployment Schedule.' },
    ],
    [
      'a line without region or incoterm',
      line({ year1: 1, region: undefined, incoterm: null }),
      { 'lines.0.region': 'Please select Region.', 'lines.0.incoterm': 'Please select Incoterm.' },
    ],
    [
      'a line with an unreadable year',
      line({ year1: 1, year3: '2' }),
      { 'lines.0.year3': 'Please enter a whole number from 0 to 1000000000.' },
    ],
    // ELA lines have no single quantity to ask for.
    ['a line without quantity', line({ year5: 1, quantity: null }), {}],
  ])('%s', (_label, shippingLine, expected) => {
    // A line for a product the quote does not list is checked on its own.
    const input = ela({ shipping_quantities: [{ ...shippingLine, sh_prod_id: 'other' }] });
    expect(validateShippingBreakups(input)).toEqual(expected);
  });

  it('counts only the contract years for the schedule', () => {
    const input = ela({ contract_length: 36, shipping_quantities: [line({ year4: 5 })] });
    expect(validateShippingBreakups(input)).toEqual({
      'lines.0.deployment_schedule': 'Please enter Deployment Schedule.',
    });
  });

  it.each([1, 2, 3, 4, 5])('matches the year %i quantity with its lines', (year) => {
    const yearKey = `y${year}` as const;
    const lineKey = `year${year}` as const;
    const lines = [line({ [lineKey]: 6 }), line({ [lineKey]: 4 })];
    const matching = ela({ products: [product({ [yearKey]: 10 })], shipping_quantities: lines });
    expect(validateShippingBreakups(matching)).toEqual({});

    const differing = ela({ products: [product({ [yearKey]: 11 })], shipping_quantities: lines });
    expect(validateShippingBreakups(differing)).toEqual({
      [`products.P1.year${year}`]: `Shipping Quantity does not match with sum of Deployment Schedule for Year ${year}.`,
    });
  });

  it.each(CONTRACT_YEAR_BOUNDARIES)(
    'year %i is checked for a %i-month contract: %s',
    (year, months, isChecked) => {
      const input = ela({
        contract_length: months,
        products: [product({ y1: 1, [`y${year}`]: 7 })],
        shipping_quantities: [line({ year1: 1 })],
      });
      const expected = isChecked
        ? {
            [`products.P1.year${year}`]: `Shipping Quantity does not match with sum of Deployment Schedule for Year ${year}.`,
          }
        : {};
      expect(validateShippingBreakups(input)).toEqual(expected);
    },
  );

  it('asks to configure shipping for a product with quantities but no lines', () => {
    const input = ela({
      products: [product({ y1: 5 }), product({ id: 'P2', y2: 3 }), product({ id: 'P3' })],
      shipping_quantities: [line({ year1: 5 })],
    });
    expect(validateShippingBreakups(input)).toEqual({
      'products.P2': 'Please configure Shipping.',
    });
  });

  it('does not ask for shipping of a year the contract does not have', () => {
    const input = ela({ contract_length: 36, products: [product({ y4: 5 })] });
    expect(validateShippingBreakups(input)).toEqual({});
    expect(validateShippingBreakups({ ...input, contract_length: 37 })).toEqual({
      'products.P1': 'Please configure Shipping.',
    });
  });

  it('ships the manual shipping quantity when one is set', () => {
    const input = ela({
      products: [product({ y1: 10, y1_manual_shipping_quantity: 4 })],
      shipping_quantities: [line({ year1: 4 })],
    });
    expect(validateShippingBreakups(input)).toEqual({});
    const manualZero = ela({ products: [product({ y1: 10, y1_manual_shipping_quantity: 0 })] });
    expect(validateShippingBreakups(manualZero)).toEqual({});
  });

  it('matches product ids given as numbers with line ids given as text', () => {
    const input = ela({
      products: [product({ id: 7, y1: 3 })],
      shipping_quantities: [line({ sh_prod_id: '7', year1: 2 })],
    });
    expect(validateShippingBreakups(input)).toEqual({
      'products.7.year1':
        'Shipping Quantity does not match with sum of Deployment Schedule for Year 1.',
    });
  });

  it('reports an unreadable product quantity instead of comparing it', () => {
    const input = ela({
      products: [product({ y1: 'ten' })],
      shipping_quantities: [line({ year1: 10 })],
    });
    expect(validateShippingBreakups(input)).toEqual({
      'products.P1.year1': 'Please enter a whole number from 0 to 1000000000.',
    });
  });

  it('does not add a mismatch on top of an unreadable line quantity', () => {
    const input = ela({
      products: [product({ y1: 10 })],
      shipping_quantities: [line({ year1: 4 }), line({ year1: -6 })],
    });
    expect(validateShippingBreakups(input)).toEqual({
      'lines.1.year1': 'Please enter a whole number from 0 to 1000000000.',
    });
  });
});
