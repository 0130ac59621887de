import { describe, expect, it } from 'vitest';
import type { FieldState, FormValues, JsonValue } from '../forms/recipe.ts';
import { boundsLabel, validateFields, type ValidationContext } from './form-validation.ts';

const field = (props: Partial<FieldState> & { field: string }): FieldState => ({
  label: props.field,
  is_visible: true,
  ...props,
});

/** The errors of one field given its value. */
const errorsOf = (props: Partial<FieldState> & { field: string }, value: FormValues[string]) =>
  validateFields([field(props)], { [props.field]: value }).errors;

describe('required fields', () => {
  const quoteName = { field: 'quote_name', label: 'Quote name', is_required: true };

  it.each<[string, Partial<FieldState>, FormValues[string], Record<string, string>]>([
    ['text entered', {}, 'Acme renewal', {}],
    ['nothing entered', {}, undefined, { quote_name: 'Please enter Quote name.' }],
    ['null', {}, null, { quote_name: 'Please enter Quote name.' }],
    ['only spaces', {}, '   ', { quote_name: 'Please enter Quote name.' }],
    [
      'the recipe message',
      { invalid_msg: 'Please enter Quote Name' },
      '',
      { quote_name: 'Please enter Quote Name' },
    ],
    ['a number 0 is a value', { renderer: 'Number' }, 0, {}],
    ['false is a value', {}, false, {}],
    [
      'a select without value',
      { renderer: 'Select', label: 'Deal type' },
      '',
      { quote_name: 'Please select Deal type.' },
    ],
    ['optional wins over required', { is_optional: true }, undefined, {}],
    ['not required', { is_required: false }, undefined, {}],
    [
      'keyed by err_key',
      { err_key: 'header.name' },
      undefined,
      { 'header.name': 'Please enter Quote name.' },
    ],
    [
      'a label with a trailing period',
      { label: 'Quote name.' },
      '',
      { quote_name: 'Please enter Quote name.' },
    ],
  ])('%s', (_label, props, value, expected) => {
    expect(errorsOf({ ...quoteName, ...props }, value)).toEqual(expected);
  });
});

describe('patterns', () => {
  const po = {
    field: 'po_number',
    pattern: String.raw`PO-\d{4}`,
    invalid_msg: 'Please enter PO Number as PO-0000',
  };

  it.each<[string, Partial<FieldState>, FormValues[string], boolean]>([
    ['required, matching', { is_required: true }, 'PO-1234', true],
    ['required, empty', { is_required: true }, '', false],
    ['required, not matching', { is_required: true }, 'PO-12', false],
    ['required, matching only in part', { is_required: true }, 'xPO-1234x', false],
    ['optional, empty', {}, undefined, true],
    ['optional, not matching', {}, 'po-1234', false],
    ['a list never matches', {}, ['PO-1234'], false],
  ])('%s', (_label, props, value, isValid) => {
    expect(errorsOf({ ...po, ...props }, value)).toEqual(
      isValid ? {} : { po_number: 'Please enter PO Number as PO-0000' },
    );
  });

  it('tests numbers as their text', () => {
    expect(errorsOf({ field: 'n', pattern: String.raw`\d{3}` }, 123)).toEqual({});
    expect(errorsOf({ field: 'n', pattern: String.raw`\d{3}` }, 12)).toEqual({
      n: 'Please enter n.',
    });
  });

  it('whole-matches an alternation', () => {
    expect(errorsOf({ field: 'x', pattern: 'a|b', invalid_msg: 'No' }, 'ab')).toEqual({ x: 'No' });
    expect(errorsOf({ field: 'x', pattern: 'a|b', invalid_msg: 'No' }, 'b')).toEqual({});
  });

  it('ignores a pattern that does not compile, with a warning', () => {
    const result = validateFields(
      [field({ field: 'code', pattern: '[unclosed', is_required: true })],
      { code: 'anything' },
    );
    expect(result.errors).toEqual({});
    expect(result.payload).toEqual({ code: 'anything' });
    expect(result.warnings).toEqual([
      'Field "code": pattern "[unclosed" is not a valid regular expression; it was ignored.',
    ]);
  });
});

describe('e-mail fields', () => {
  const email = { field: 'partner_contact_email', renderer: 'EmailInput' as const };
  const msg = 'Please enter a valid Partner Contact Email.';

  it.each<[string, Partial<FieldState>, FormValues[string], string | null]>([
    ['required, valid', { is_required: true, invalid_msg: msg }, 'ann@partner.com', null],
    ['required, empty', { is_required: true, invalid_msg: msg }, '', msg],
    ['required, invalid', { is_required: true, invalid_msg: msg }, 'ann@partner', msg],
    ['optional, empty', { invalid_msg: msg }, undefined, null],
    ['optional, invalid', { invalid_msg: msg }, 'ann at partner.com', msg],
    ['invalid, no recipe message', {}, 'ann@', 'Please enter a valid e-mail address.'],
    [
      'required, empty, no recipe message',
      { is_required: true, label: 'Partner e-mail' },
      '',
      'Please enter Partner e-mail.',
    ],
    ['not text', {}, 42, 'Please enter a valid e-mail address.'],
  ])('%s', (_label, props, value, message) => {
    expect(errorsOf({ ...email, ...props }, value)).toEqual(
      message === null ? {} : { partner_contact_email: message },
    );
  });
});

describe('date ranges', () => {
  const period = field({
    field: 'contract_period',
    field1: 'contract_start_date',
    field2: 'contract_end_date',
    label: 'Contract start and end',
    renderer: 'DateRange',
    is_required: true,
    invalid_msg: 'Please select Contract Start and End Dates',
  });
  const error = { contract_period: 'Please select Contract Start and End Dates' };

  it.each<[string, Partial<FieldState>, FormValues, Record<string, string>]>([
    ['both dates', {}, { contract_start_date: '2025-01-01', contract_end_date: '2025-12-31' }, {}],
    ['no start', {}, { contract_end_date: '2025-12-31' }, error],
    ['no end', {}, { contract_start_date: '2025-01-01', contract_end_date: '' }, error],
    ['neither', {}, {}, error],
    [
      'the end before the start',
      {},
      { contract_start_date: '2025-05-01', contract_end_date: '2025-04-30' },
      { contract_period: 'The end date is before the start date.' },
    ],
    [
      'a date the field could not read',
      {},
      { contract_start_date: '15-Mrz-2025', contract_end_date: '2025-04-30' },
      { contract_period: 'Enter the dates like 31-Mar-2027.' },
    ],
    [
      'not a day of the calendar',
      {},
      { contract_start_date: '2025-02-29', contract_end_date: '2025-04-30' },
      { contract_period: 'Enter the dates like 31-Mar-2027.' },
    ],
    [
      'one day long',
      {},
      { contract_start_date: '2025-05-01', contract_end_date: '2025-05-01' },
      {},
    ],
    ['optional, neither', { is_required: false }, {}, {}],
    ['optional, only one', { is_required: false }, { contract_start_date: '2025-01-01' }, error],
    [
      'no recipe message',
      { invalid_msg: undefined },
      {},
      { contract_period: 'Please select Contract start and end.' },
    ],
  ])('%s', (_label, props, values, expected) => {
    expect(validateFields([{ ...period, ...props }], values).errors).toEqual(expected);
  });

  it('sends both dates', () => {
    const values = { contract_start_date: '2025-01-01', contract_end_date: '2025-12-31' };
    expect(validateFields([period], values).payload).toEqual(values);
  });

  it('warns about a DateRange without its two fields', () => {
    const result = validateFields(
      [field({ field: 'period', renderer: 'DateRange', is_required: true })],
      { period: 'x' },
    );
    expect(result.errors).toEqual({ period: 'Please select period.' });
    expect(result.warnings).toEqual(['Field "period": a DateRange needs field1 and field2.']);
  });
});

describe('checkbox groups and checkboxes', () => {
  it.each<[FormValues[string], Record<string, string>]>([
    [['FIREWALL'], {}],
    [[], { products_evaluated: 'Please select at least one Product Family' }],
    [undefined, { products_evaluated: 'Please select at least one Product Family' }],
  ])('a required group with %j', (value, expected) => {
    const group = {
      field: 'products_evaluated',
      renderer: 'CheckBoxGroup' as const,
      is_required: true,
      invalid_msg: 'Please select at least one Product Family',
    };
    expect(errorsOf(group, value)).toEqual(expected);
  });

  it.each<[FormValues[string], boolean | undefined]>([
    [undefined, false],
    [null, false],
    [false, false],
    [true, true],
  ])('an optional checkbox holding %j sends %j', (value, sent) => {
    const notify = field({ field: 'notify', renderer: 'Checkbox', is_optional: true });
    const result = validateFields([notify], { notify: value });
    expect(result.errors).toEqual({});
    expect(result.payload).toEqual({ notify: sent });
  });

  it('an unticked checkbox that is not required is a "no" too', () => {
    const notify = field({ field: 'notify', renderer: 'Checkbox' });
    expect(validateFields([notify], {}).payload).toEqual({ notify: false });
  });

  it.each<[FormValues[string], Record<string, string>]>([
    [true, {}],
    [false, { accept: 'Please select I accept the terms.' }],
    [undefined, { accept: 'Please select I accept the terms.' }],
  ])('a required checkbox holding %j', (value, expected) => {
    const accept = {
      field: 'accept',
      label: 'I accept the terms',
      renderer: 'Checkbox' as const,
      is_required: true,
    };
    expect(errorsOf(accept, value)).toEqual(expected);
  });
});

describe('numeric bounds', () => {
  const discount = {
    field: 'discount',
    renderer: 'Number' as const,
    invalid_msg: 'Please enter Discount',
  };

  it.each<[string, Partial<FieldState>, FormValues[string], string | null]>([
    ['between: inside', { min: 0, max: 100 }, 50, null],
    ['between: at min', { min: 0, max: 100 }, 0, null],
    ['between: at max', { min: 0, max: 100 }, 100, null],
    ['between: below', { min: 0, max: 100 }, -1, 'Discount should be between 0 and 100.'],
    ['between: above', { min: 0, max: 100 }, 100.5, 'Discount should be between 0 and 100.'],
    ['between: text number', { min: 0, max: 100 }, '42.5', null],
    ['between: text', { min: 0, max: 100 }, 'ten', 'Discount should be between 0 and 100.'],
    [
      'between: not plain decimal',
      { min: 0, max: 100 },
      '1e1',
      'Discount should be between 0 and 100.',
    ],
    ['min only: at min', { min: 5 }, 5, null],
    ['min only: below', { min: 5 }, 4, 'Discount should be greater than or equal to 5.'],
    ['min only: text below', { min: 5 }, ' 4 ', 'Discount should be greater than or equal to 5.'],
    ['max only: at max', { max: 2.5 }, 2.5, null],
    ['max only: above', { max: 2.5 }, 3, 'Discount should be less than or equal to 2.5.'],
    ['max 0', { max: 0 }, 1, 'Discount should be less than or equal to 0.'],
    ['no value, not required', { min: 0, max: 100 }, undefined, null],
    ['no value, required', { min: 0, max: 100, is_required: true }, '', 'Please enter Discount'],
    ['no bounds', {}, -1000, null],
  ])('%s', (_label, props, value, message) => {
    expect(errorsOf({ ...discount, ...props }, value)).toEqual(
      message === null ? {} : { discount: message },
    );
  });

  it.each<[string, string | undefined, string]>([
    ['the invalid message without "Please enter"', 'Please enter Discount', 'Discount'],
    ['without its trailing period', 'Please enter Discount.', 'Discount'],
    ['trimmed', '  Please enter   Discount %  ', 'Discount %'],
    ['the field label without invalid message', undefined, 'Discount (%)'],
    ['the field label for an empty invalid message', '', 'Discount (%)'],
    ['the field label when only "Please enter"', 'Please enter.', 'Discount (%)'],
    ['the field label for another wording', 'Discount is required', 'Discount (%)'],
  ])('the label is %s', (_label, invalidMsg, expected) => {
    expect(boundsLabel({ field: 'discount', label: 'Discount (%)', invalid_msg: invalidMsg })).toBe(
      expected,
    );
  });

  it('falls back to the field name when the label is empty', () => {
    expect(boundsLabel({ field: 'discount', label: ' ' })).toBe('discount');
  });
});

describe('the result', () => {
  const fields = [
    field({ field: 'quote_name', is_required: true, invalid_msg: 'Please enter Quote Name' }),
    field({ field: 'notes' }),
    field({ field: 'discount', min: 0, max: 100, err_key: 'pricing.discount' }),
    field({ field: 'partner_type', is_required: true, is_visible: false }),
  ];

  it('sends the visible fields without errors, keyed errors, and is valid when none', () => {
    const values = { quote_name: 'Acme', notes: 'n', discount: 5, partner_type: 'MSP', extra: 1 };
    expect(validateFields(fields, values)).toEqual({
      errors: {},
      payload: { quote_name: 'Acme', notes: 'n', discount: 5 },
      isValid: true,
      warnings: [],
    });
  });

  it('leaves fields with errors out of the payload', () => {
    const values = { quote_name: '', notes: 'n', discount: 500 };
    expect(validateFields(fields, values)).toEqual({
      errors: {
        quote_name: 'Please enter Quote Name',
        'pricing.discount': 'discount should be between 0 and 100.',
      },
      payload: { notes: 'n' },
      isValid: false,
      warnings: [],
    });
  });

  it('ignores hidden fields: no check, nothing sent', () => {
    const result = validateFields(fields, { quote_name: 'Acme', partner_type: '' });
    expect(result.errors).toEqual({});
    expect(result.payload).not.toHaveProperty('partner_type');
  });

  it('keeps the first error when two fields share an err_key', () => {
    const shared = [
      field({ field: 'a', is_required: true, err_key: 'ab', invalid_msg: 'A' }),
      field({ field: 'b', is_required: true, err_key: 'ab', invalid_msg: 'B' }),
    ];
    expect(validateFields(shared, {}).errors).toEqual({ ab: 'A' });
  });

  it('treats a field named __proto__ as any other', () => {
    const result = validateFields(
      [field({ field: '__proto__' })],
      JSON.parse('{"__proto__":"x"}') as FormValues,
    );
    expect(Object.hasOwn(result.payload, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(result.payload)).toBe(Object.prototype);
  });
});

describe('composite fields', () => {
  const shipping = field({ field: 'shipping', renderer: 'ShippingBreakups', is_required: true });
  const secureAccess = field({ field: 'secure_access', renderer: 'SecureAccess', err_key: 'sa' });
  const standardShipping = {
    shipping_quantity: 10,
    shipping_quantities: [{ sh_prod_id: 'P1', region: '', incoterm: 'DAP', quantity: 10 }],
  };

  it('prefixes the shipping errors with the field', () => {
    const result = validateFields(
      [shipping],
      { shipping: standardShipping },
      { quote_type: 'STANDARD' },
    );
    expect(result.errors).toEqual({ 'shipping.lines.0.region': 'Please select Region.' });
    expect(result.payload).toEqual({});
  });

  it('sends a valid shipping value as it is', () => {
    const value = {
      ...standardShipping,
      shipping_quantities: [{ region: 'EMEA', incoterm: 'DAP', quantity: 10 }],
    };
    const result = validateFields([shipping], { shipping: value });
    expect(result.errors).toEqual({});
    expect(result.payload).toEqual({ shipping: value });
  });

  it('takes quote facts from the context, else from the form', () => {
    const context: ValidationContext = {
      contract_length: 36,
      products: [{ id: 'P1', y1: 5, y4: 7 }],
    };
    const value = {
      shipping_quantities: [{ sh_prod_id: 'P1', region: 'EMEA', incoterm: 'DAP', year1: 4 }],
    };
    const result = validateFields([shipping], { shipping: value, quote_type: 'ELA' }, context);
    expect(result.errors).toEqual({
      'shipping.products.P1.year1':
        'Shipping Quantity does not match with sum of Deployment Schedule for Year 1.',
    });
  });

  it('checks a required composite without value as empty', () => {
    expect(validateFields([shipping], {}).errors).toEqual({
      'shipping.shipping_quantity': 'Please enter Total Shipping Quantity.',
    });
  });

  it('does not check a composite that is neither required nor filled', () => {
    expect(validateFields([secureAccess], {}).errors).toEqual({});
  });

  it('prefixes the secure-access errors with the err_key', () => {
    const context: ValidationContext = { deal_type: 'R', is_deal_desk_user: true };
    const result = validateFields(
      [secureAccess],
      { secure_access: { pricing_model: null } },
      context,
    );
    expect(result.errors).toEqual({
      'sa.sku_type': 'Please select SKU Type',
      'sa.pricing_model': 'Please select Pricing Model',
    });
  });

  it('never takes the deal-desk flag from the form', () => {
    const values = {
      deal_type: 'R',
      is_deal_desk_user: true,
      secure_access: { pricing_model: 'Device Based', number_of_local_access_points_s_1: 60 },
    };
    expect(validateFields([secureAccess], values).errors).toEqual({});
  });

  it('uses the form contract length and deal type for secure access', () => {
    const values = {
      quote_type: 'ELA',
      contract_length: '48',
      deal_type: 'NB',
      secure_access: {
        pricing_model: 'Device Based',
        number_of_local_access_points_s_y_1: 60,
        number_of_local_access_points_s_y_4: 49,
        number_of_local_access_points_s_y_5: 20_001,
      },
    };
    expect(validateFields([secureAccess], values).errors).toEqual({
      'sa.number_of_local_access_points_y_4': 'Minimum 50 allowed per configuration.',
    });
  });

  it('ignores hidden composites', () => {
    const hidden = { ...shipping, is_visible: false };
    expect(validateFields([hidden], {})).toMatchObject({ errors: {}, payload: {}, isValid: true });
  });
});

describe('picks must be offered', () => {
  const options = [
    { value: 'NB', label: 'New Business' },
    { value: 'R', label: 'Renewal' },
  ];
  it.each<[string, JsonValue, string | undefined]>([
    ['an offered value', 'NB', undefined],
    ['a value the list does not offer', 'XYZ', 'Please select Deal Type'],
    ['a number that is offered as text', 7, 'Please select Deal Type'],
  ])('Select: %s', (_label, value, message) => {
    const deal = field({
      field: 'deal_type',
      renderer: 'Select',
      options,
      invalid_msg: 'Please select Deal Type',
    });
    expect(validateFields([deal], { deal_type: value }).errors.deal_type).toBe(message);
  });

  it.each<[JsonValue, boolean]>([
    [['NB', 'R'], true],
    [['NB', 'XYZ'], false],
  ])('CheckBoxGroup %j is valid: %s', (value, isValid) => {
    const group = field({ field: 'kinds', renderer: 'CheckBoxGroup', options });
    expect(validateFields([group], { kinds: value }).isValid).toBe(isValid);
  });

  it('does not judge a pick before its list is loaded', () => {
    const deal = field({ field: 'deal_type', renderer: 'Select' });
    expect(validateFields([deal], { deal_type: 'XYZ' }).isValid).toBe(true);
  });
});
