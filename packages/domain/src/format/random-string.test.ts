import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANDOM_STRING_ALPHABET, randomString, type RandomSource } from './random-string.ts';

/** A source that hands out the given bytes in order, then the filler byte forever. */
function scriptedSource(bytes: readonly number[], filler = 255): RandomSource {
  const queue = [...bytes];
  return (buffer) => {
    for (let i = 0; i < buffer.length; i++) buffer[i] = queue.shift() ?? filler;
  };
}

describe('randomString (spec §9)', () => {
  it('draws from letters, digits and !@#$%&* only', () => {
    expect(RANDOM_STRING_ALPHABET).toBe(
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%&*',
    );
    expect(new Set(RANDOM_STRING_ALPHABET).size).toBe(69);
  });

  it.each([0, 1, 8, 16, 64, 1000, 100_000])(
    'gives %i characters from the platform generator',
    (length) => {
      const value = randomString(length);
      expect(value).toHaveLength(length);
      expect([...value].every((c) => RANDOM_STRING_ALPHABET.includes(c))).toBe(true);
    },
  );

  it('does not repeat itself', () => {
    expect(randomString(32)).not.toBe(randomString(32));
  });

  it('maps bytes to characters and draws again for bytes that would bias it', () => {
    // 207 and above are rejected; 69 and 206 wrap around to the first and last character.
    expect(randomString(4, scriptedSource([207, 255, 0, 68, 69, 206]))).toBe('A*A*');
  });

  it('is unbiased: each character comes from exactly three of the accepted bytes', () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 256; byte++) {
      let character: string | null = null;
      try {
        character = randomString(1, scriptedSource([byte]));
      } catch {
        // The filler is rejected too, so a rejected byte leaves nothing to draw.
      }
      if (character !== null) counts.set(character, (counts.get(character) ?? 0) + 1);
    }
    expect(counts.size).toBe(RANDOM_STRING_ALPHABET.length);
    expect([...counts.values()].every((count) => count === 3)).toBe(true);
  });

  it('fails instead of hanging on a source that never yields a usable byte', () => {
    expect(() => randomString(1, scriptedSource([]))).toThrow(/no usable bytes/);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses the length %d', (length) => {
    expect(() => randomString(length)).toThrow(RangeError);
  });

  it('has the requested length and only alphabet characters, whatever the bytes', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 300 }),
        fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }),
        (length, seed) => {
          // Cycle the seed bytes, nudged so the source never gets stuck on rejected bytes.
          let position = 0;
          const source: RandomSource = (buffer) => {
            for (let i = 0; i < buffer.length; i++) {
              buffer[i] = ((seed[position % Math.max(seed.length, 1)] ?? 0) + position) % 256;
              position++;
            }
          };
          const value = randomString(length, source);
          expect(value).toHaveLength(length);
          expect([...value].every((c) => RANDOM_STRING_ALPHABET.includes(c))).toBe(true);
        },
      ),
    );
  });

  it('has the requested length from the platform generator', () => {
    fc.assert(
      fc.property(fc.nat({ max: 200 }), (length) => {
        const value = randomString(length);
        expect(value).toHaveLength(length);
        expect(value).toMatch(/^[A-Za-z0-9!@#$%&*]*$/);
      }),
    );
  });
});
