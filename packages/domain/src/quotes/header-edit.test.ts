import { describe, expect, it } from 'vitest';
import { createFormState } from '../forms/engine.ts';
import type { FormRecipe } from '../forms/recipe.ts';
import {
  fixedFieldsNote,
  fixedHeaderFieldsOf,
  fixedValueKeysOf,
  headerChangesOf,
  headerEditRecipe,
  headerValuesOf,
  withFixedValues,
} from './header-edit.ts';

/** The shape of the create-quote recipe, cut down to what the editor treats specially. */
const RECIPE: FormRecipe = {
  initial_state: {},
  rows: [
    [
      { field: 'quote_name', label: 'Quote name', is_required: true },
      { field: 'quote_type', label: 'Quote type', renderer: 'Select', lookup: 'quote_types' },
      { field: 'contract_length', label: 'Contract length', renderer: 'Select' },
    ],
    [
      { field: 'deal_type', label: 'Deal type', renderer: 'Select' },
      { field: 'sales_channel', label: 'Sales channel', renderer: 'Select' },
      { field: 'is_coterm', label: 'Co-term', renderer: 'Checkbox' },
      { field: 'can_nofity_partner', label: 'Notify', renderer: 'Checkbox', is_disabled: true },
    ],
    [
      {
        field: 'contract_period',
        field1: 'contract_start_date',
        field2: 'contract_end_date',
        label: 'Contract start and end',
        renderer: 'DateRange',
      },
      { field: 'sla', label: 'SLA', renderer: 'Select' },
    ],
  ],
  rules: [
    {
      type: 'expression',
      op: 'not opportunity_id is-undefined',
      target: 'sales_channel',
      effect: 'READONLY',
    },
    {
      source: 'sales_channel',
      op: 'string-not-equals',
      val: 'DIRECT',
      target: ['can_nofity_partner', 'is_coterm'],
      effect: 'EDITABLE',
    },
    {
      source: 'deal_type',
      op: 'string-equals',
      val: 'R',
      target: 'contract_period',
      effect: 'UPDATE_PROP',
      new_props: { label: 'Renewal start and end' },
    },
  ],
};

const STANDARD = { opens_on_renewal_page: false };
const RENEWAL = { opens_on_renewal_page: true };

describe('fixedHeaderFieldsOf', () => {
  it.each([
    ['a quote made from an opportunity', STANDARD, ['quote_type', 'sales_channel', 'is_coterm']],
    [
      'a renewal, co-term or true-up quote',
      RENEWAL,
      [
        'quote_type',
        'sales_channel',
        'is_coterm',
        'contract_period',
        'contract_length',
        'deal_type',
      ],
    ],
  ])('%s keeps %j', (_, quote, fixed) => {
    expect(fixedHeaderFieldsOf(quote)).toEqual(fixed);
  });
});

describe('headerEditRecipe', () => {
  const stateOf = (quote: typeof STANDARD, values: Record<string, string | boolean>) =>
    createFormState(headerEditRecipe(RECIPE, fixedHeaderFieldsOf(quote)), {
      values: { opportunity_id: '006A', ...values },
      lookups: {},
    });

  it.each<[string, typeof STANDARD, string, boolean]>([
    ['the quote type', STANDARD, 'quote_type', true],
    ['the channel', STANDARD, 'sales_channel', true],
    // A partner deal's EDITABLE rule would otherwise open co-term again.
    ['co-term, on a partner deal', STANDARD, 'is_coterm', true],
    ['the partner notice, on a partner deal', STANDARD, 'can_nofity_partner', false],
    ['the contract dates', STANDARD, 'contract_period', false],
    ['the contract length', STANDARD, 'contract_length', false],
    ['the deal type', STANDARD, 'deal_type', false],
    ['a renewal’s contract dates', RENEWAL, 'contract_period', true],
    ['a renewal’s contract length', RENEWAL, 'contract_length', true],
    ['a renewal’s deal type', RENEWAL, 'deal_type', true],
    ['a renewal’s SLA', RENEWAL, 'sla', false],
  ])('%s: disabled %s', (_, quote, field, disabled) => {
    const state = stateOf(quote, { sales_channel: 'T1', deal_type: 'R' });
    expect(state.fields[field]?.is_disabled ?? false).toBe(disabled);
  });

  it.each([
    [
      STANDARD,
      'Quote type, Sales channel and Co-term were set when the quote was made: copy the quote to change them.',
    ],
    [
      RENEWAL,
      'Quote type, Sales channel and Co-term were set when the quote was made: copy the quote to change them. Contract start and end, Contract length and Deal type are the contract’s: they price the renewed lines.',
    ],
  ])('says why in one note, by the recipe’s labels (%j)', (quote, note) => {
    expect(fixedFieldsNote(RECIPE, fixedHeaderFieldsOf(quote))).toBe(note);
  });

  it('keeps the other rules: a renewal’s dates are still labelled as such', () => {
    const state = stateOf(RENEWAL, { sales_channel: 'DIRECT', deal_type: 'R' });
    expect(state.fields.contract_period?.label).toBe('Renewal start and end');
  });

  it('leaves the recipe it was given as it was', () => {
    const before = JSON.stringify(RECIPE);
    headerEditRecipe(RECIPE, fixedHeaderFieldsOf(RENEWAL));
    expect(JSON.stringify(RECIPE)).toBe(before);
  });
});

describe('fixedValueKeysOf and withFixedValues', () => {
  it('names both dates of a fixed date range', () => {
    expect(fixedValueKeysOf(RECIPE, fixedHeaderFieldsOf(RENEWAL))).toEqual([
      'quote_type',
      'contract_length',
      'deal_type',
      'sales_channel',
      'is_coterm',
      'contract_start_date',
      'contract_end_date',
    ]);
  });

  it('puts the fixed values back, whatever was sent, and drops one the quote does not have', () => {
    const keys = fixedValueKeysOf(RECIPE, fixedHeaderFieldsOf(STANDARD));
    expect(
      withFixedValues(
        { quote_name: 'New name', quote_type: 'ELA', sales_channel: 'DIRECT', is_coterm: true },
        { quote_name: 'Old', quote_type: 'STANDARD', sales_channel: 'T1' },
        keys,
      ),
    ).toEqual({
      quote_name: 'New name',
      quote_type: 'STANDARD',
      sales_channel: 'T1',
      is_coterm: undefined,
    });
  });
});

describe('headerChangesOf', () => {
  it.each([
    ['nothing changed', { sla: '24/7' }, { sla: '24/7' }, []],
    ['missing and empty are the same', { notes: '' }, {}, []],
    ['a list compared as a set', { families: ['A', 'B'] }, { families: ['B', 'A'] }, []],
    [
      'one value changed',
      { sla: '24/7', quote_name: 'Q' },
      { sla: '8/5', quote_name: 'Q' },
      [{ field: 'sla', before: '24/7', after: '8/5' }],
    ],
    [
      'a value added and one cleared, in key order',
      { partner_contact_email: 'a@p.com' },
      { notes: 'Call first' },
      [
        { field: 'notes', before: null, after: 'Call first' },
        { field: 'partner_contact_email', before: 'a@p.com', after: null },
      ],
    ],
    [
      'a flag turned on',
      { can_nofity_partner: false },
      { can_nofity_partner: true },
      [{ field: 'can_nofity_partner', before: false, after: true }],
    ],
  ])('%s', (_, before, after, changes) => {
    expect(headerChangesOf(before, after)).toEqual(changes);
  });
});

describe('headerValuesOf', () => {
  const quote = {
    details: { header: { quote_name: 'At creation', sla: '24/7', contract_length: '12' } },
    quote_name: 'Renamed since',
    quote_type: 'STANDARD',
    contract_length: 24,
    deal_type: 'NB',
    sales_channel: 'T1',
    is_coterm: false,
    opportunity_id: '006A',
    partner_type: 'PREMIER',
  };

  it('takes the saved answers, with the quote’s columns over them', () => {
    expect(headerValuesOf(quote)).toEqual({
      quote_name: 'Renamed since',
      sla: '24/7',
      contract_length: '24',
      quote_type: 'STANDARD',
      deal_type: 'NB',
      sales_channel: 'T1',
      is_coterm: false,
      opportunity_id: '006A',
      partner_type: 'PREMIER',
    });
  });

  it('leaves out a partner type a direct quote does not have, and a header that is not one', () => {
    const values = headerValuesOf({ ...quote, details: { header: [] }, partner_type: null });
    expect(values).not.toHaveProperty('partner_type');
    expect(values).not.toHaveProperty('sla');
  });
});
