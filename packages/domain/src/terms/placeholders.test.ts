import { describe, expect, it } from 'vitest';
import {
  listPlaceholders,
  placeholdersIn,
  renderClause,
  unknownPlaceholderMessage,
  type PlaceholderValues,
} from './placeholders.ts';

const values: PlaceholderValues = {
  customer_name: 'Acme AG',
  payment_term: 'Net 45',
  contract_length: '36 months',
  contracting_entity: 'Bastion Security GmbH',
  sla: '   ',
};

describe('placeholdersIn', () => {
  it.each<[string, string[]]>([
    ['no placeholders', []],
    ['{customer_name} pays {payment_term}', ['customer_name', 'payment_term']],
    ['{a} then {a} again', ['a']],
    ['{ spaced } {Upper} {1digit} {} {{customer_name}}', ['customer_name']],
    ['{snake_case_2}', ['snake_case_2']],
  ])('%s', (text, expected) => {
    expect(placeholdersIn(text)).toEqual(expected);
  });
});

describe('listPlaceholders', () => {
  it.each<[string[], string]>([
    [[], ''],
    [['a'], '{a}'],
    [['a', 'b'], '{a} and {b}'],
    [['a', 'b', 'c'], '{a}, {b} and {c}'],
  ])('%j', (names, expected) => {
    expect(listPlaceholders(names)).toBe(expected);
  });
});

describe('renderClause', () => {
  it.each<[string, string]>([
    ['Plain text.', 'Plain text.'],
    ['{customer_name} pays within {payment_term}.', 'Acme AG pays within Net 45.'],
    ['{customer_name}, {customer_name}', 'Acme AG, Acme AG'],
    ['Term: {contract_length}. { not one }', 'Term: 36 months. { not one }'],
    ['By {contracting_entity}', 'By Bastion Security GmbH'],
  ])('fills %s', (body, expected) => {
    expect(renderClause({ title: 'T', body }, values)).toEqual({ ok: true, text: expected });
  });

  it.each<[string, string[], string]>([
    [
      '{customer_name} pays within {payment_term_days} days.',
      ['payment_term_days'],
      'Clause "Payment" needs {payment_term_days}, which this quote does not have.',
    ],
    [
      // A blank value is no value.
      'Support level {sla}.',
      ['sla'],
      'Clause "Payment" needs {sla}, which this quote does not have.',
    ],
    [
      '{partner_name} resells under {governing_law} and {sla}.',
      ['partner_name', 'governing_law', 'sla'],
      'Clause "Payment" needs {partner_name}, {governing_law} and {sla}, which this quote does not have.',
    ],
    [
      // An unknown placeholder has no value either: never left half-filled.
      'Hello {nickname}',
      ['nickname'],
      'Clause "Payment" needs {nickname}, which this quote does not have.',
    ],
  ])('refuses %s', (body, missing, message) => {
    expect(renderClause({ title: 'Payment', body }, values)).toEqual({
      ok: false,
      missing,
      message,
    });
  });

  it('does not fill a value that looks like a placeholder again', () => {
    expect(
      renderClause(
        { title: 'T', body: '{customer_name} / {payment_term}' },
        { customer_name: '{payment_term}', payment_term: 'Net 30' },
      ),
    ).toEqual({ ok: true, text: '{payment_term} / Net 30' });
  });
});

describe('unknownPlaceholderMessage', () => {
  it('accepts known placeholders and plain braces', () => {
    expect(unknownPlaceholderMessage('{customer_name} { see annex } {Upper}')).toBeNull();
  });
  it('names one unknown placeholder', () => {
    expect(unknownPlaceholderMessage('{customer} pays')).toMatch(
      /^\{customer\} is not a placeholder\. The placeholders are \{customer_name\}, /,
    );
  });
  it('names several', () => {
    expect(unknownPlaceholderMessage('{a} {b}')).toMatch(/^\{a\} and \{b\} are not placeholders\./);
  });
});
