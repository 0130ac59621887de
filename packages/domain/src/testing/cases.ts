import { expect, it } from 'vitest';

/**
 * One test per case that `fn(input)` is `expected` (compared with `toBe`): the table of inputs
 * and answers most pure functions here are tested with. `title` formats a case as `it.each` does.
 */
export function itReturns<I, O>(
  title: string,
  fn: (input: I) => O,
  cases: readonly (readonly [input: I, expected: O])[],
): void {
  it.each(cases.map(([input, expected]): [I, O] => [input, expected]))(title, (input, expected) => {
    expect(fn(input)).toBe(expected);
  });
}
