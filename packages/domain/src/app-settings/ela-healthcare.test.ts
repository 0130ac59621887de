import { describe, expect, it } from 'vitest';
import type { FormRecipe } from '../forms/recipe.ts';
import { itReturns } from '../testing/cases.ts';
import {
  ELA_HEALTHCARE_MESSAGE,
  isHealthcareIndustry,
  isQuoteTypeOffered,
  unofferedQuoteTypes,
  withoutUnofferedQuoteTypes,
} from './ela-healthcare.ts';

describe('isHealthcareIndustry', () => {
  itReturns('%j: %s', isHealthcareIndustry, [
    ['Healthcare', true],
    ['healthcare ', true],
    ['Health Care', true],
    ['HEALTH-CARE', true],
    ['Healthcare Services', false],
    ['Banking', false],
    ['', false],
    [null, false],
  ]);
});

describe('isQuoteTypeOffered', () => {
  it.each([
    ['ELA', 'Healthcare', 'enable', false],
    ['ela', 'Healthcare', 'enabled', false],
    ['ELA', 'Healthcare', 'disabled', true],
    ['ELA', 'Healthcare', null, true],
    ['ELA', 'Banking', 'enable', true],
    ['ELA', '', 'enable', true],
    ['STANDARD', 'Healthcare', 'enable', true],
    ['LEGACY', 'Healthcare', 'enable', true],
  ] as const)('%s for %j under %j: %s', (quoteType, industry, setting, expected) => {
    expect(isQuoteTypeOffered(quoteType, industry, setting)).toBe(expected);
  });
});

describe('unofferedQuoteTypes', () => {
  it('withholds ELA, saying why, only for healthcare while the setting is on', () => {
    expect(unofferedQuoteTypes('Healthcare', 'enable')).toEqual([
      { value: 'ELA', reason: ELA_HEALTHCARE_MESSAGE },
    ]);
    expect(unofferedQuoteTypes('Healthcare', 'disabled')).toEqual([]);
    expect(unofferedQuoteTypes('Retail', 'enable')).toEqual([]);
  });
});

describe('withoutUnofferedQuoteTypes', () => {
  const recipe: Pick<FormRecipe, 'rows'> = {
    rows: [
      [
        { field: 'quote_name', label: 'Name' },
        { field: 'quote_type', label: 'Type', renderer: 'Select', lookup: 'types' },
      ],
    ],
  };
  const lookups = {
    types: [
      { value: 'STANDARD', label: 'Standard' },
      { value: 'ELA', label: 'ELA' },
    ],
    other: [{ value: 'ELA', label: 'Not a quote type list' }],
  };

  it("drops the withheld values from the quote_type field's list only", () => {
    expect(withoutUnofferedQuoteTypes(recipe, lookups, [{ value: 'ELA' }])).toEqual({
      types: [{ value: 'STANDARD', label: 'Standard' }],
      other: [{ value: 'ELA', label: 'Not a quote type list' }],
    });
  });

  it('leaves the lookups alone when nothing is withheld', () => {
    expect(withoutUnofferedQuoteTypes(recipe, lookups, [])).toBe(lookups);
  });
});
