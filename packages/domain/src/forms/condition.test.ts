import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ConditionSyntaxError,
  evaluateComparison,
  evaluateCondition,
  fieldsOf,
  parseCondition,
  toConditionOperator,
  type ConditionNode,
} from './condition.ts';
import {
  CONDITION_OPERATORS,
  type ConditionOperator,
  type FormValues,
  type JsonValue,
} from './recipe.ts';

const holds = (expression: string, values: FormValues) =>
  evaluateCondition(parseCondition(expression), values);

const compare = (field: string, op: ConditionOperator, val?: JsonValue): ConditionNode =>
  val === undefined ? { kind: 'comparison', field, op } : { kind: 'comparison', field, op, val };

describe('parseCondition', () => {
  it.each<[string, ConditionNode]>([
    ['a string-equals x', compare('a', 'string-equals', 'x')],
    ['a string-not-equals "x y"', compare('a', 'string-not-equals', 'x y')],
    ['a int-less-than -2.5', compare('a', 'int-less-than', -2.5)],
    ['a int-gt-than 10', compare('a', 'int-gt-than', 10)],
    ['a int-gt-than .5', compare('a', 'int-gt-than', 0.5)],
    ['a int-gt-than-zero', compare('a', 'int-gt-than-zero')],
    ['a is-undefined', compare('a', 'is-undefined')],
    ['a boolean', compare('a', 'boolean')],
    ['a boolean false', compare('a', 'boolean', false)],
    ["a boolean 'yes'", compare('a', 'boolean', 'yes')],
    ['a includes Wi-Fi', compare('a', 'includes', 'Wi-Fi')],
    ['a string-equals null', compare('a', 'string-equals', null)],
    ['a string-equals true', compare('a', 'string-equals', true)],
    ['a string-equals 2024-01-31', compare('a', 'string-equals', '2024-01-31')],
    ['partner.id string-equals 7', compare('partner.id', 'string-equals', 7)],
    ['y1_qty int-gt-than 0', compare('y1_qty', 'int-gt-than', 0)],
  ])('%s', (expression, expected) => {
    expect(parseCondition(expression)).toEqual(expected);
  });

  it.each<[string, string]>([
    [String.raw`a string-equals "say \"hi\""`, 'say "hi"'],
    [String.raw`a string-equals 'it\'s'`, "it's"],
    [String.raw`a string-equals 'back\\slash'`, 'back\\slash'],
    [String.raw`a string-equals "line\nbreak\ttab"`, 'line\nbreak\ttab'],
    [String.raw`a string-equals "a 'single' inside"`, "a 'single' inside"],
    [`a string-equals "(and) or || && !"`, '(and) or || && !'],
    [`a string-equals ""`, ''],
  ])('quoted string %s', (expression, expected) => {
    expect(parseCondition(expression)).toEqual(compare('a', 'string-equals', expected));
  });

  const a = compare('a', 'boolean');
  const b = compare('b', 'boolean');
  const c = compare('c', 'boolean');
  it.each<[string, ConditionNode]>([
    ['a boolean and b boolean', { kind: 'and', operands: [a, b] }],
    ['a boolean && b boolean', { kind: 'and', operands: [a, b] }],
    ['a boolean or b boolean', { kind: 'or', operands: [a, b] }],
    ['a boolean || b boolean', { kind: 'or', operands: [a, b] }],
    ['not a boolean', { kind: 'not', operand: a }],
    ['!a boolean', { kind: 'not', operand: a }],
    ['! ! a boolean', { kind: 'not', operand: { kind: 'not', operand: a } }],
    // Precedence: not binds tighter than and, and tighter than or.
    [
      'a boolean or b boolean and c boolean',
      { kind: 'or', operands: [a, { kind: 'and', operands: [b, c] }] },
    ],
    [
      'a boolean and b boolean or c boolean',
      { kind: 'or', operands: [{ kind: 'and', operands: [a, b] }, c] },
    ],
    ['not a boolean and b boolean', { kind: 'and', operands: [{ kind: 'not', operand: a }, b] }],
    ['a boolean and b boolean and c boolean', { kind: 'and', operands: [a, b, c] }],
    [
      '(a boolean or b boolean) and c boolean',
      { kind: 'and', operands: [{ kind: 'or', operands: [a, b] }, c] },
    ],
    ['not (a boolean or b boolean)', { kind: 'not', operand: { kind: 'or', operands: [a, b] } }],
    ['((a boolean))', a],
    [
      '((a boolean or (b boolean)) and !(c boolean))',
      {
        kind: 'and',
        operands: [
          { kind: 'or', operands: [a, b] },
          { kind: 'not', operand: c },
        ],
      },
    ],
    ['a boolean&&b boolean', { kind: 'and', operands: [a, b] }],
  ])('%s', (expression, expected) => {
    expect(parseCondition(expression)).toEqual(expected);
  });

  it('parses the example of the recipe docs', () => {
    const node = parseCondition(
      '(deal_type string-equals "R" and not is_coterm boolean true) or amount int-gt-than 1000',
    );
    expect(node).toEqual({
      kind: 'or',
      operands: [
        {
          kind: 'and',
          operands: [
            compare('deal_type', 'string-equals', 'R'),
            { kind: 'not', operand: compare('is_coterm', 'boolean', true) },
          ],
        },
        compare('amount', 'int-gt-than', 1000),
      ],
    });
  });

  it.each<[string, string, number]>([
    ['', "Expected a field name or '(' at position 0, found end of expression", 0],
    ['   ', "Expected a field name or '(' at position 3, found end of expression", 3],
    ['a', "Expected an operator after field 'a' at position 1, found end of expression", 1],
    ['a "x"', `Expected an operator after field 'a' at position 2, found "x"`, 2],
    ['a equals x', "Unknown operator 'equals' at position 2; expected one of", 2],
    ['a string-equals', "Expected a value after 'string-equals' at position 15, found end", 15],
    ['a string-equals )', "Expected a value after 'string-equals' at position 16, found ')'", 16],
    [
      'a string-equals and',
      "Expected a value after 'string-equals' at position 16, found 'and'",
      16,
    ],
    ['a is-undefined x', "Expected 'and', 'or' or end of expression at position 15, found 'x'", 15],
    [
      'a boolean b boolean',
      "Expected 'and', 'or' or end of expression at position 10, found 'b'",
      10,
    ],
    [
      '(a boolean',
      "Expected 'and', 'or' or ')' at position 10 to close the '(' at position 0, found end",
      10,
    ],
    ['a boolean)', "Expected 'and', 'or' or end of expression at position 9, found ')'", 9],
    ['a boolean and', "Expected a field name or '(' at position 13, found end of expression", 13],
    ['a boolean or or b boolean', "Expected a field name or '(' at position 13, found 'or'", 13],
    ['not', "Expected a field name or '(' at position 3, found end of expression", 3],
    ['()', "Expected a field name or '(' at position 1, found ')'", 1],
    [
      'a.. boolean',
      'Expected a field name (letters, digits, _ and . between parts) at position 0',
      0,
    ],
    [
      '-a boolean',
      'Expected a field name (letters, digits, _ and . between parts) at position 0',
      0,
    ],
    ['a boolean & b boolean', "Unexpected '&' at position 10; did you mean '&&'?", 10],
    ['a boolean | b boolean', "Unexpected '|' at position 10; did you mean '||'?", 10],
    ['a string-equals "open', 'Unterminated string starting at position 16', 16],
    ['a string-equals "ends in \\', 'Unterminated string starting at position 16', 16],
    ['a AND b boolean', "Unknown operator 'AND' at position 2", 2],
  ])('rejects %j', (expression, message, position) => {
    const error = captureError(() => parseCondition(expression));
    expect(error).toBeInstanceOf(ConditionSyntaxError);
    expect(error.message).toContain(message);
    expect(error).toMatchObject({ position, expression });
  });

  it('lists the operators there are when one is unknown', () => {
    expect(() => parseCondition('a equal x')).toThrow(CONDITION_OPERATORS.join(', '));
  });

  it('never throws anything but a ConditionSyntaxError', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        try {
          parseCondition(text);
        } catch (error) {
          expect(error).toBeInstanceOf(ConditionSyntaxError);
        }
      }),
    );
  });
});

function captureError(run: () => unknown): ConditionSyntaxError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConditionSyntaxError) return error;
    throw error;
  }
  throw new Error('expected a ConditionSyntaxError');
}

describe('evaluateComparison', () => {
  it.each<[ConditionOperator, JsonValue | undefined, JsonValue | undefined, boolean]>([
    ['string-equals', 'R', 'R', true],
    ['string-equals', 'R', 'r', false],
    ['string-equals', 12, '12', true],
    ['string-equals', true, 'true', true],
    ['string-equals', undefined, '', true],
    ['string-equals', null, '', true],
    ['string-equals', undefined, undefined, true],
    ['string-equals', 'x', undefined, false],
    ['string-equals', 'T1', ['T1', 'T2'], true],
    ['string-equals', 'DIRECT', ['T1', 'T2'], false],
    ['string-equals', ['a', 'b'], 'a,b', true],
    ['string-not-equals', 'R', 'R', false],
    ['string-not-equals', 'R', 'NB', true],
    ['string-not-equals', undefined, '', false],
    ['string-not-equals', 'T1', ['T1', 'T2'], false],
    ['string-not-equals', 'DIRECT', ['T1', 'T2'], true],
    ['int-less-than', 5, 10, true],
    ['int-less-than', '5', '10', true],
    ['int-less-than', 10, 10, false],
    ['int-less-than', 1.5, 2, true],
    ['int-less-than', ' 3 ', 4, true],
    ['int-less-than', -3, -2, true],
    ['int-less-than', '', 10, false],
    ['int-less-than', undefined, 10, false],
    ['int-less-than', null, 10, false],
    ['int-less-than', 'abc', 10, false],
    ['int-less-than', '12abc', 100, false],
    ['int-less-than', true, 10, false],
    ['int-less-than', 5, 'ten', false],
    ['int-less-than', 5, undefined, false],
    ['int-gt-than', 37, 36, true],
    ['int-gt-than', '37', '36', true],
    ['int-gt-than', 36, 36, false],
    ['int-gt-than', 36.5, 36, true],
    ['int-gt-than', 'Infinity', 36, false],
    ['int-gt-than', undefined, -1, false],
    ['int-gt-than-zero', 1, undefined, true],
    ['int-gt-than-zero', '0.1', undefined, true],
    ['int-gt-than-zero', 0, undefined, false],
    ['int-gt-than-zero', -1, undefined, false],
    ['int-gt-than-zero', '', undefined, false],
    ['int-gt-than-zero', 'many', undefined, false],
    ['is-undefined', undefined, undefined, true],
    ['is-undefined', null, undefined, true],
    ['is-undefined', '', undefined, true],
    ['is-undefined', [], undefined, true],
    ['is-undefined', ' ', undefined, false],
    ['is-undefined', 0, undefined, false],
    ['is-undefined', false, undefined, false],
    ['is-undefined', ['a'], undefined, false],
    ['boolean', true, undefined, true],
    ['boolean', 'true', undefined, true],
    ['boolean', 'TRUE', undefined, true],
    ['boolean', 1, undefined, true],
    ['boolean', '1', undefined, true],
    ['boolean', 'yes', undefined, true],
    ['boolean', 'Yes ', undefined, true],
    ['boolean', false, undefined, false],
    ['boolean', undefined, undefined, false],
    ['boolean', 'no', undefined, false],
    ['boolean', 2, undefined, false],
    ['boolean', true, null, true],
    ['boolean', true, true, true],
    ['boolean', true, false, false],
    ['boolean', false, false, true],
    ['boolean', undefined, false, true],
    ['boolean', 'no', 'false', true],
    ['boolean', 'yes', 'true', true],
    ['boolean', 0, 0, true],
    ['includes', ['Wi-Fi', 'Wired'], 'Wired', true],
    ['includes', ['Wi-Fi', 'Wired'], 'Cellular', false],
    ['includes', 'Wi-Fi; Wired', 'Wired', true],
    ['includes', 'Wi-Fi,Wired', 'Wi-Fi', true],
    ['includes', 'Wi-Fi;Wired', 'Wi', false],
    ['includes', 'Wi-Fi', ['Cellular', 'Wi-Fi'], true],
    ['includes', 'Wi-Fi', ['Cellular', 'Wired'], false],
    ['includes', [1, 2], '2', true],
    ['includes', 5, 5, true],
    ['includes', undefined, 'x', false],
    ['includes', '', '', false],
    ['includes', { a: 'x' }, 'x', false],
  ])('%s: %j against %j is %s', (op, value, val, expected) => {
    expect(evaluateComparison(op, value, val)).toBe(expected);
  });

  it('covers every operator', () => {
    expect(CONDITION_OPERATORS.map(toConditionOperator)).toEqual([...CONDITION_OPERATORS]);
  });

  it('rejects an unknown operator, naming the ones there are', () => {
    expect(() => toConditionOperator('equals')).toThrow(
      `Unknown operator 'equals'; expected one of ${CONDITION_OPERATORS.join(', ')}`,
    );
  });
});

describe('evaluateCondition', () => {
  const values: FormValues = {
    deal_type: 'R',
    is_coterm: 'false',
    amount: '1500',
    products_evaluated: 'Cameras;Badges',
    partner: { id: 'P-7', tier: 'gold' },
    'legacy.flat': 'yes',
    years: [10, 20],
  };

  it.each<[string, boolean]>([
    ['deal_type string-equals R', true],
    ['deal_type string-equals "R" and is_coterm boolean', false],
    ['deal_type string-equals "R" and not is_coterm boolean', true],
    ['deal_type string-equals "R" and !is_coterm boolean true', true],
    ['deal_type string-equals NB or amount int-gt-than 1000', true],
    ['deal_type string-equals NB || amount int-gt-than 2000', false],
    ['(deal_type string-equals NB or amount int-gt-than 1000) && is_coterm boolean false', true],
    ['deal_type string-equals NB or amount int-gt-than 1000 and is_coterm boolean', false],
    ['(deal_type string-equals NB or amount int-gt-than 1000) and is_coterm boolean', false],
    ['not deal_type string-equals NB and not missing is-undefined', false],
    ['products_evaluated includes Badges', true],
    ['partner.id string-equals P-7', true],
    ['partner.tier string-not-equals gold', false],
    ['partner.missing is-undefined', true],
    ['deal_type.length is-undefined', true],
    ['legacy.flat boolean', true],
    ['years.1 int-gt-than 15', true],
    ['years.x is-undefined', true],
    ['constructor is-undefined', true],
    ['missing is-undefined and amount int-gt-than-zero', true],
  ])('%s → %s', (expression, expected) => {
    expect(holds(expression, values)).toBe(expected);
  });

  it('agrees with the JavaScript operators on random and/or/not trees', () => {
    type Tree = { js: (env: boolean[]) => boolean; text: string };
    const leaf = fc
      .integer({ min: 0, max: 2 })
      .map((i): Tree => ({ js: (env) => env[i] ?? false, text: `f${i} boolean` }));
    const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        tie('tree').map((t): Tree => ({ js: (env) => !t.js(env), text: `not ${t.text}` })),
        fc
          .tuple(tie('tree'), tie('tree'), fc.constantFrom('and', '&&', 'or', '||'))
          .map(([l, r, op]): Tree => {
            const isAnd = op === 'and' || op === '&&';
            return {
              js: (env) => (isAnd ? l.js(env) && r.js(env) : l.js(env) || r.js(env)),
              text: `(${l.text} ${op} ${r.text})`,
            };
          }),
      ),
    }));
    fc.assert(
      fc.property(tree, fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), (t, env) => {
        const values = { f0: env[0], f1: env[1], f2: env[2] };
        expect(holds(t.text, values)).toBe(t.js(env));
      }),
    );
  });
});

describe('fieldsOf', () => {
  it.each<[string, string[]]>([
    ['a boolean', ['a']],
    ['a boolean and (b is-undefined or not a string-equals x)', ['a', 'b']],
    ['partner.id string-equals 7 or c int-gt-than-zero', ['partner.id', 'c']],
  ])('%s reads %j', (expression, expected) => {
    expect(fieldsOf(parseCondition(expression))).toEqual(expected);
  });
});
