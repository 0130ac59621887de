import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import {
  APP_SETTING_DEFINITIONS,
  APP_SETTING_MESSAGES,
  APP_SETTING_NAMES,
  isMarginShownFor,
  marginRegionsOf,
  normaliseAppSettingValue,
} from './catalogue.ts';
import { ZUpdateAppSettingBody } from './schemas.ts';
import { isSettingOn } from './switches.ts';

describe('the catalogue', () => {
  it('describes each of the six settings of spec §3 once', () => {
    expect(APP_SETTING_DEFINITIONS.map((d) => d.name)).toEqual([...APP_SETTING_NAMES]);
    for (const definition of APP_SETTING_DEFINITIONS) {
      expect(definition.label, definition.name).not.toBe('');
      expect(definition.description.length, definition.name).toBeGreaterThan(20);
    }
  });

  it('says what a setting does at its value', () => {
    const effect = (name: string, value: string) =>
      APP_SETTING_DEFINITIONS.find((d) => d.name === name)?.effectOf(value);
    expect(effect('cpq_renewals_trueups', 'disabled')).toBe(
      'The Renewals & True-ups menu is hidden from everybody.',
    );
    expect(effect('maintenance', 'enable')).toContain('maintenance');
    expect(effect('margin_calc_controlled_introduction', 'disabled')).toBe(
      'Margin is shown on quotes of every region.',
    );
    expect(effect('margin_calc_controlled_introduction', 'APJ,EMEA')).toBe(
      'Margin is shown only on quotes of EMEA, APJ.',
    );
  });
});

describe('isSettingOn', () => {
  itReturns('%j is on: %s', isSettingOn, [
    ['enable', true],
    ['enabled', true],
    [' Enable ', true],
    ['disabled', false],
    ['', false],
    [null, false],
    [undefined, false],
    ['0', false],
    ['yes', false],
  ]);
});

describe('marginRegionsOf', () => {
  it.each([
    ['disabled', null],
    ['DISABLED', null],
    ['', null],
    [null, null],
    ['EMEA', ['EMEA']],
    ['APJ, emea ,NA', ['EMEA', 'North America', 'APJ']],
    ['APAC,APJ', ['APJ']],
    ['enable', ['enable']],
  ] as const)('%j names %j', (value, expected) => {
    expect(marginRegionsOf(value)).toEqual(expected);
  });
});

describe('isMarginShownFor', () => {
  itReturns(
    'region %j under %j: %s',
    ([region, setting]: readonly [string, string | null]) => isMarginShownFor(region, setting),
    [
      [['EMEA', 'disabled'], true],
      [['', 'disabled'], true],
      [['APJ', null], true],
      [['APJ', ''], true],
      [['EMEA', 'EMEA'], true],
      [['APJ', 'EMEA'], false],
      [['', 'EMEA'], false],
      [['North America', 'EMEA,North America'], true],
      [['NA', 'North America'], true],
      [['North America', 'NA'], true],
      [['APAC', 'APJ'], true],
      [['LATAM', 'EMEA,APJ'], false],
      // A value naming no region restricts to nothing: margin nowhere.
      [['EMEA', 'enable'], false],
    ],
  );
});

describe('normaliseAppSettingValue', () => {
  it.each([
    ['maintenance', 'enable', 'enable'],
    ['maintenance', 'enabled', 'enable'],
    ['cpq_renewals_trueups', ' Disabled ', 'disabled'],
    ['price_adjustment', 'disable', 'disabled'],
    ['margin_calc_controlled_introduction', 'disabled', 'disabled'],
    ['margin_calc_controlled_introduction', 'apj, EMEA,emea', 'EMEA,APJ'],
    ['margin_calc_controlled_introduction', 'NA,LATAM', 'North America,LATAM'],
  ])('%s %j is saved as %j', (name, input, saved) => {
    expect(normaliseAppSettingValue(name, input)).toEqual({ ok: true, value: saved });
  });

  it.each([
    ['nonsense', 'enable', APP_SETTING_MESSAGES.unknownName],
    ['maintenance_message', 'enable', APP_SETTING_MESSAGES.unknownName],
    ['maintenance', 'on', "Maintenance mode is switched on ('enable') or off ('disabled')."],
    [
      'remove_ela_healthcare',
      '',
      "No ELA for healthcare accounts is switched on ('enable') or off ('disabled').",
    ],
    ['margin_calc_controlled_introduction', '', APP_SETTING_MESSAGES.noRegion],
    ['margin_calc_controlled_introduction', 'enable', APP_SETTING_MESSAGES.noRegion],
    ['margin_calc_controlled_introduction', ' , ', APP_SETTING_MESSAGES.noRegion],
    [
      'margin_calc_controlled_introduction',
      'EMEA,Mars',
      'Unknown region: Mars. Choose from EMEA, North America, Americas, LATAM, APJ.',
    ],
  ])('%s %j is refused: %s', (name, input, message) => {
    expect(normaliseAppSettingValue(name, input)).toEqual({ ok: false, message });
  });
});

describe('ZUpdateAppSettingBody', () => {
  it('normalises a good change', () => {
    expect(ZUpdateAppSettingBody.parse({ name: 'maintenance', value: 'enabled' })).toEqual({
      name: 'maintenance',
      value: 'enable',
    });
  });

  it('refuses a bad value with the reason, on the value', () => {
    const result = ZUpdateAppSettingBody.safeParse({ name: 'maintenance', value: 'maybe' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([
      {
        path: ['value'],
        message: "Maintenance mode is switched on ('enable') or off ('disabled').",
      },
    ]);
  });

  it('refuses an unknown name and an overlong value', () => {
    expect(
      ZUpdateAppSettingBody.safeParse({ name: 'mfa_required_roles', value: '' }).error?.issues[0]
        ?.message,
    ).toBe(APP_SETTING_MESSAGES.unknownName);
    expect(
      ZUpdateAppSettingBody.safeParse({ name: 'maintenance', value: 'x'.repeat(201) }).error
        ?.issues[0]?.message,
    ).toBe("A setting's value is at most 200 characters.");
  });
});
