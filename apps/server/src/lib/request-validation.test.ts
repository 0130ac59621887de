import { describe, expect, it } from 'vitest';
import {
  MAX_INPUT_DEPTH,
  NUL_MESSAGE,
  SURROGATE_MESSAGE,
  TOO_DEEP_MESSAGE,
  findUnsafeInput,
} from './request-validation.ts';

const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : [nested(depth - 1)]);

describe('findUnsafeInput', () => {
  it.each<[string, unknown, { path: string; message: string }[]]>([
    ['plain text', { name: 'Acme GmbH', note: 'Zürich 🔥' }, []],
    ['numbers, booleans and null', { a: 1, b: false, c: null }, []],
    ['a NUL in a value', { name: 'Ac\u0000me' }, [{ path: 'name', message: NUL_MESSAGE }]],
    [
      'a NUL deep down',
      { a: [{ b: ['x', '\u0000'] }] },
      [{ path: 'a.0.b.1', message: NUL_MESSAGE }],
    ],
    ['a lone high surrogate', { s: 'a\uD800' }, [{ path: 's', message: SURROGATE_MESSAGE }]],
    ['a lone low surrogate', { s: '\uDC00b' }, [{ path: 's', message: SURROGATE_MESSAGE }]],
    ['a reversed pair', { s: '\uDC00\uD800' }, [{ path: 's', message: SURROGATE_MESSAGE }]],
    ['a paired surrogate (an emoji)', { s: '\uD83D\uDD25' }, []],
    ['a NUL at the top', '\u0000', [{ path: '', message: NUL_MESSAGE }]],
    [
      'a NUL in a key',
      { values: { 'a\u0000': 1 } },
      [{ path: 'values', message: `A field name is unusable. ${NUL_MESSAGE}` }],
    ],
    ['nesting at the limit', nested(MAX_INPUT_DEPTH), []],
    [
      'nesting past the limit',
      nested(MAX_INPUT_DEPTH + 1),
      [{ path: Array(MAX_INPUT_DEPTH).fill('0').join('.'), message: TOO_DEEP_MESSAGE }],
    ],
  ])('%s', (_, input, expected) => {
    expect(findUnsafeInput(input)).toEqual(expected);
  });

  it('checks a very deep input without overflowing its own stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeInput(deep)).toHaveLength(1);
  });

  it('stops after ten problems', () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, '\u0000']));
    expect(findUnsafeInput(many)).toHaveLength(10);
  });
});
