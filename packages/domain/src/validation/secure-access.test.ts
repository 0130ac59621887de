import { describe, expect, it } from 'vitest';
import { CONTRACT_YEAR_BOUNDARIES } from './contract-years.cases.ts';
import {
  MAX_DEVICES_PER_YEAR,
  MIN_NEW_BUSINESS_DEVICES_PER_YEAR,
  validateSecureAccess,
  type SecureAccessInput,
} from './secure-access.ts';

const LAP = 'Local Access Point Based';
const DEVICES = 'Device Based';

const STANDARD = { quote_type: 'STANDARD', deal_type: 'NB' };
const ELA = { quote_type: 'ELA', contract_length: 60, deal_type: 'NB' };

/** The validator's messages, as the user reads them. */
const ENTER_VALUE = 'Please enter value';
const NO_YEAR_CONFIGURED = { years: 'Please configure for any one year.' };
const ABOVE_MAXIMUM = 'Maximum 20000 allowed per configuration.';
const BELOW_MINIMUM = 'Minimum 50 allowed per configuration.';
const NOT_A_WHOLE_NUMBER = 'Please enter a whole number from 0 to 1000000000.';
const SELECT_SKU_TYPE = 'Please select SKU Type';
const SELECT_PRICING_MODEL = 'Please select Pricing Model';

/** One test per case: the inputs the case's props make give exactly these errors. */
const itValidates = (
  build: (props: Partial<SecureAccessInput>) => SecureAccessInput,
  cases: [label: string, props: Partial<SecureAccessInput>, errors: Record<string, string>][],
) =>
  it.each(cases)('%s', (_label, props, expected) => {
    expect(validateSecureAccess(build(props))).toEqual(expected);
  });

/** Inputs for one pricing model and quote type: these fields, with a test's own over them. */
const inputs =
  (base: SecureAccessInput) =>
  (props: Partial<SecureAccessInput> = {}): SecureAccessInput => ({ ...base, ...props });

const lapStandard = inputs({
  ...STANDARD,
  pricing_model: LAP,
  number_of_access_points_1: 2,
  number_of_devices_per_lap_1: 40,
});

describe('SKU type and pricing model', () => {
  itValidates(lapStandard, [
    [
      'a renewal by the deal desk without SKU type',
      { deal_type: 'R', is_deal_desk_user: true },
      { sku_type: SELECT_SKU_TYPE },
    ],
    [
      'a quote flagged renewal by the deal desk without SKU type',
      { deal_type: 'U', is_renewal: true, is_deal_desk_user: true, sku_type: ' ' },
      { sku_type: SELECT_SKU_TYPE },
    ],
    [
      'a renewal named in full',
      { deal_type: 'Renewal', is_deal_desk_user: true },
      { sku_type: SELECT_SKU_TYPE },
    ],
    [
      'a renewal by the deal desk with SKU type',
      { deal_type: 'R', is_deal_desk_user: true, sku_type: 'SUB' },
      {},
    ],
    ['a renewal by someone else', { deal_type: 'R', is_deal_desk_user: false }, {}],
    ['new business by the deal desk', { deal_type: 'NB', is_deal_desk_user: true }, {}],
    ['no pricing model', { pricing_model: null }, { pricing_model: SELECT_PRICING_MODEL }],
    [
      'an unknown pricing model',
      { pricing_model: 'Per User' },
      { pricing_model: SELECT_PRICING_MODEL },
    ],
    [
      'both missing',
      { deal_type: 'R', is_deal_desk_user: true, pricing_model: '' },
      { sku_type: SELECT_SKU_TYPE, pricing_model: SELECT_PRICING_MODEL },
    ],
  ]);
});

describe('Local Access Point Based, STANDARD', () => {
  itValidates(lapStandard, [
    ['both counts', {}, {}],
    [
      'no access points',
      { number_of_access_points_1: undefined },
      { number_of_access_points_1: ENTER_VALUE },
    ],
    [
      'no devices per LAP',
      { number_of_devices_per_lap_1: 0 },
      { number_of_devices_per_lap_1: ENTER_VALUE },
    ],
    [
      'neither',
      { number_of_access_points_1: null, number_of_devices_per_lap_1: '' },
      {
        number_of_access_points_1: ENTER_VALUE,
        number_of_devices_per_lap_1: ENTER_VALUE,
      },
    ],
    [
      'a count as text',
      { number_of_access_points_1: '2' },
      { number_of_access_points_1: NOT_A_WHOLE_NUMBER },
    ],
    // The year columns belong to ELA.
    ['year counts are ignored', { number_of_access_points_y_1: 'x' }, {}],
  ]);
});

const lapEla = inputs({ ...ELA, pricing_model: LAP });

describe('Local Access Point Based, ELA', () => {
  itValidates(lapEla, [
    ['no year configured', {}, NO_YEAR_CONFIGURED],
    [
      'only zeros',
      { number_of_access_points_y_1: 0, number_of_devices_per_lap_y_1: 0 },
      NO_YEAR_CONFIGURED,
    ],
    [
      'one year, complete',
      { number_of_access_points_y_3: 2, number_of_devices_per_lap_y_3: 10 },
      {},
    ],
    [
      'a year with access points only',
      { number_of_access_points_y_1: 2 },
      { number_of_devices_per_lap_y_1: ENTER_VALUE },
    ],
    [
      'a year with devices per LAP only',
      {
        number_of_access_points_y_1: 2,
        number_of_devices_per_lap_y_1: 10,
        number_of_devices_per_lap_y_2: 10,
      },
      { number_of_access_points_y_2: ENTER_VALUE },
    ],
    [
      'the STANDARD counts do not configure a year',
      { number_of_access_points_1: 2, number_of_devices_per_lap_1: 10 },
      NO_YEAR_CONFIGURED,
    ],
  ]);

  it.each(CONTRACT_YEAR_BOUNDARIES)(
    'year %i of a %i-month contract applies: %s',
    (year, months, applies) => {
      // Only year N is configured, and only half of it.
      const input = lapEla({ contract_length: months, [`number_of_access_points_y_${year}`]: 3 });
      expect(validateSecureAccess(input)).toEqual(
        applies ? { [`number_of_devices_per_lap_y_${year}`]: ENTER_VALUE } : NO_YEAR_CONFIGURED,
      );
    },
  );
});

const devices = inputs({ ...STANDARD, pricing_model: DEVICES });

describe('Device Based, STANDARD', () => {
  itValidates(devices, [
    ['no counts', {}, { number_of_local_access_points_1: ENTER_VALUE }],
    [
      'only zeros',
      { number_of_local_access_points_xs_1: 0, number_of_local_access_points_l_1: 0 },
      { number_of_local_access_points_1: ENTER_VALUE },
    ],
    ['exactly 20000 in one size', { number_of_local_access_points_m_1: 20_000 }, {}],
    [
      '20001 in one size',
      { number_of_local_access_points_m_1: 20_001 },
      { number_of_local_access_points_1: ABOVE_MAXIMUM },
    ],
    [
      'exactly 20000 across the sizes',
      {
        number_of_local_access_points_xs_1: 5000,
        number_of_local_access_points_s_1: 5000,
        number_of_local_access_points_m_1: 5000,
        number_of_local_access_points_l_1: 5000,
      },
      {},
    ],
    [
      '20001 across the sizes',
      {
        number_of_local_access_points_xs_1: 5000,
        number_of_local_access_points_s_1: 5000,
        number_of_local_access_points_m_1: 5000,
        number_of_local_access_points_l_1: 5001,
      },
      { number_of_local_access_points_1: ABOVE_MAXIMUM },
    ],
    [
      'New Business with 49',
      { number_of_local_access_points_xs_1: 40, number_of_local_access_points_s_1: 9 },
      { number_of_local_access_points_1: BELOW_MINIMUM },
    ],
    [
      'New Business with 1',
      { number_of_local_access_points_l_1: 1 },
      { number_of_local_access_points_1: BELOW_MINIMUM },
    ],
    [
      'New Business with 50',
      { number_of_local_access_points_xs_1: 40, number_of_local_access_points_s_1: 10 },
      {},
    ],
    [
      'New Business named in full, with 49',
      { deal_type: 'New Business', number_of_local_access_points_s_1: 49 },
      { number_of_local_access_points_1: BELOW_MINIMUM },
    ],
    [
      'a count as text',
      { number_of_local_access_points_s_1: '60' },
      { number_of_local_access_points_s_1: NOT_A_WHOLE_NUMBER },
    ],
    [
      'an unreadable count leaves the total unchecked',
      { number_of_local_access_points_s_1: 20_001, number_of_local_access_points_m_1: -1 },
      { number_of_local_access_points_m_1: NOT_A_WHOLE_NUMBER },
    ],
  ]);

  it.each(['U', 'R', 'TU', 'S', 'E', 'C', null])('49 is allowed for deal type %j', (dealType) => {
    const input = devices({ deal_type: dealType, number_of_local_access_points_xs_1: 49 });
    expect(validateSecureAccess(input)).toEqual({});
  });

  it('states its limits as constants', () => {
    expect([MAX_DEVICES_PER_YEAR, MIN_NEW_BUSINESS_DEVICES_PER_YEAR]).toEqual([20_000, 50]);
  });
});

const devicesEla = inputs({ ...ELA, pricing_model: DEVICES });

describe('Device Based, ELA', () => {
  itValidates(devicesEla, [
    ['nothing in any year', {}, NO_YEAR_CONFIGURED],
    ['only zeros', { number_of_local_access_points_xs_y_2: 0 }, NO_YEAR_CONFIGURED],
    ['one year configured', { number_of_local_access_points_s_y_3: 100 }, {}],
    [
      'a year above the maximum',
      { number_of_local_access_points_s_y_1: 100, number_of_local_access_points_l_y_2: 20_001 },
      { number_of_local_access_points_y_2: ABOVE_MAXIMUM },
    ],
    [
      'New Business with 49 in a year',
      { number_of_local_access_points_s_y_1: 100, number_of_local_access_points_xs_y_2: 49 },
      { number_of_local_access_points_y_2: BELOW_MINIMUM },
    ],
    ['Upsell with 49 in a year', { deal_type: 'U', number_of_local_access_points_xs_y_2: 49 }, {}],
    [
      'the STANDARD counts do not configure a year',
      { number_of_local_access_points_m_1: 100 },
      NO_YEAR_CONFIGURED,
    ],
  ]);

  it.each(CONTRACT_YEAR_BOUNDARIES)(
    'year %i of a %i-month contract is checked: %s',
    (year, months, isChecked) => {
      const input = devicesEla({
        contract_length: months,
        number_of_local_access_points_m_y_1: 100,
        [`number_of_local_access_points_m_y_${year}`]: 20_001,
      });
      expect(validateSecureAccess(input)).toEqual(
        isChecked
          ? {
              [`number_of_local_access_points_y_${year}`]: ABOVE_MAXIMUM,
            }
          : {},
      );
    },
  );

  it('needs a configured year among the years the contract has', () => {
    const input = devicesEla({ contract_length: 36, number_of_local_access_points_m_y_4: 100 });
    expect(validateSecureAccess(input)).toEqual(NO_YEAR_CONFIGURED);
  });
});
