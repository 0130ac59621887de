import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import { lapSizeForDevices, secureAccessLines } from './secure-access-lines.ts';

describe('secureAccessLines', () => {
  it.each([
    [
      'Device Based STANDARD: one line per size with devices',
      {
        pricing_model: 'Device Based',
        number_of_local_access_points_xs_1: 40,
        number_of_local_access_points_m_1: 120,
        number_of_local_access_points_l_1: 0,
      },
      { quote_type: 'STANDARD', contract_length: 12 },
      [
        { sku: 'SA-DB-ESS-XS', quantities: [40] },
        { sku: 'SA-DB-ESS-M', quantities: [120] },
      ],
    ],
    [
      'Device Based ELA of 30 months: three years, a year left empty stays 0',
      {
        pricing_model: 'Device Based',
        number_of_local_access_points_s_y_1: 100,
        number_of_local_access_points_s_y_3: 150,
        number_of_local_access_points_s_y_4: 999,
      },
      { quote_type: 'ELA', contract_length: 30 },
      [{ sku: 'SA-DB-ESS-S', quantities: [100, 0, 150] }],
    ],
    [
      'LAP based: access points at the size their devices per point give',
      {
        pricing_model: 'Local Access Point Based',
        number_of_access_points_1: 12,
        number_of_devices_per_lap_1: 80,
      },
      { quote_type: 'STANDARD', contract_length: 12 },
      [{ sku: 'SA-LAP-ESS-S', quantities: [12] }],
    ],
    [
      'LAP based ELA: a year at a larger size is a line of its own',
      {
        pricing_model: 'Local Access Point Based',
        sku_type: 'UPGRADE',
        number_of_access_points_y_1: 10,
        number_of_devices_per_lap_y_1: 20,
        number_of_access_points_y_2: 12,
        number_of_devices_per_lap_y_2: 600,
      },
      { quote_type: 'ELA', contract_length: 24 },
      [
        { sku: 'SA-LAP-UPG-XS', quantities: [10, 0] },
        { sku: 'SA-LAP-UPG-L', quantities: [0, 12] },
      ],
    ],
    ['no pricing model: no lines', {}, { quote_type: 'STANDARD', contract_length: 12 }, []],
  ])('%s', (_name, config, quote, expected) => {
    expect(secureAccessLines(config, quote)).toEqual(expected);
  });

  itReturns('%i devices per point is size %s', lapSizeForDevices, [
    [1, 'xs'],
    [25, 'xs'],
    [26, 's'],
    [100, 's'],
    [101, 'm'],
    [500, 'm'],
    [501, 'l'],
    [20_000, 'l'],
  ]);
});
