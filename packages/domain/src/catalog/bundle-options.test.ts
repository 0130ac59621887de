import { describe, expect, it } from 'vitest';
import {
  bundleMessages,
  choiceProblems,
  countRule,
  startingChoice,
  type BundleDefinition,
  type BundleFeature,
} from './bundle-options.ts';

const FLEX: BundleDefinition = {
  features: [
    { name: 'Support tier', min_options: 1, max_options: 1 },
    { name: 'Subscriptions', min_options: 0, max_options: 3 },
  ],
  options: [
    { sku: 'HW', quantity: 1, feature: null, selection: 'REQUIRED' },
    { sku: 'STD', quantity: 1, feature: 'Support tier', selection: 'OPTIONAL' },
    { sku: 'PRM', quantity: 1, feature: 'Support tier', selection: 'DEFAULT' },
    { sku: 'ELT', quantity: 1, feature: 'Support tier', selection: 'OPTIONAL' },
    { sku: 'TP', quantity: 1, feature: 'Subscriptions', selection: 'DEFAULT' },
    { sku: 'URL', quantity: 1, feature: 'Subscriptions', selection: 'OPTIONAL' },
    { sku: 'SBX', quantity: 1, feature: 'Subscriptions', selection: 'OPTIONAL' },
    { sku: 'SDWAN', quantity: 1, feature: 'Subscriptions', selection: 'OPTIONAL' },
  ],
};
const FIXED: BundleDefinition = {
  features: [],
  options: [{ sku: 'HW', quantity: 1, feature: null, selection: 'REQUIRED' }],
};
const SUPPORT_CHOICE = 'STD, PRM or ELT';

describe('countRule', () => {
  it.each<[BundleFeature, string]>([
    [{ name: 'f', min_options: 1, max_options: 1 }, 'exactly one'],
    [{ name: 'f', min_options: 2, max_options: 2 }, 'exactly 2'],
    [{ name: 'f', min_options: 1, max_options: null }, 'at least 1'],
    [{ name: 'f', min_options: 0, max_options: 3 }, 'at most 3'],
    [{ name: 'f', min_options: 1, max_options: 3 }, '1 to 3'],
  ])('%o reads "%s"', (feature, text) => expect(countRule(feature)).toBe(text));
});

describe('a choice of options', () => {
  it('starts with the required and default options', () => {
    expect(startingChoice(FLEX)).toEqual(['HW', 'PRM', 'TP']);
    expect(choiceProblems('FLEX', FLEX, startingChoice(FLEX))).toEqual([]);
  });

  it.each<[string, string[], string[]]>([
    ['one support tier and three subscriptions', ['HW', 'ELT', 'TP', 'URL', 'SBX'], []],
    ['no subscription at all', ['HW', 'STD'], []],
    [
      'no support tier',
      ['HW', 'TP'],
      [`FLEX takes exactly one Support tier option: ${SUPPORT_CHOICE} (none chosen).`],
    ],
    [
      'two support tiers',
      ['HW', 'STD', 'PRM'],
      [`FLEX takes exactly one Support tier option: ${SUPPORT_CHOICE} (2 chosen).`],
    ],
    [
      'four subscriptions',
      ['HW', 'PRM', 'TP', 'URL', 'SBX', 'SDWAN'],
      ['FLEX takes at most 3 Subscriptions options: TP, URL, SBX or SDWAN (4 chosen).'],
    ],
    [
      'the required appliance left out',
      ['PRM'],
      ['FLEX always includes HW: it cannot be left out.'],
    ],
    ['a SKU that is no option', ['HW', 'PRM', 'AP-1'], ['AP-1 is not an option of FLEX.']],
  ])('%s', (_, chosen, messages) => {
    expect(choiceProblems('FLEX', FLEX, chosen).map((p) => p.message)).toEqual(messages);
  });

  it('leaves a fixed bundle (no features) as it is', () => {
    expect(choiceProblems('FIXED', FIXED, [])).toEqual([]);
  });
});

describe('bundleMessages', () => {
  it('names the bundle line and the options concerned, per bundle line', () => {
    const lines = [
      { key: 'b1', sku: 'FLEX' },
      { key: 'b1-hw', sku: 'HW', parent_key: 'b1' },
      { key: 'b1-std', sku: 'STD', parent_key: 'b1' },
      { key: 'b1-prm', sku: 'PRM', parent_key: 'b1' },
      { key: 'b2', sku: 'FLEX' },
      { key: 'b2-hw', sku: 'HW', parent_key: 'b2' },
      { key: 'b2-elt', sku: 'ELT', parent_key: 'b2' },
      // A line of its own does not count toward a bundle.
      { key: 'own', sku: 'STD' },
      { key: 'f', sku: 'FIXED' },
    ];
    expect(bundleMessages(lines, { FLEX, FIXED })).toEqual([
      {
        rule_id: 'bundle:FLEX',
        rule_name: 'Options of FLEX',
        severity: 'error',
        message: `FLEX takes exactly one Support tier option: ${SUPPORT_CHOICE} (2 chosen).`,
        line_keys: ['b1', 'b1-std', 'b1-prm'],
      },
    ]);
  });
});
