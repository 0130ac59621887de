/**
 * Random strings from letters, digits and the symbols !@#$%&* (spec §9), e.g. for a generated
 * password. Drawn from the platform's cryptographic generator (browsers and Node 20 both have
 * `globalThis.crypto`) and unbiased: every character of the alphabet is equally likely.
 */

export const RANDOM_STRING_ALPHABET =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%&*';

/** Fills the array with random bytes, as `crypto.getRandomValues` does. */
export type RandomSource = (bytes: Uint8Array) => void;

interface WebCrypto {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

export const cryptoRandomSource: RandomSource = (bytes) => {
  const webCrypto = (globalThis as { crypto?: WebCrypto }).crypto;
  if (!webCrypto) throw new Error('No cryptographic random generator on this platform.');
  webCrypto.getRandomValues(bytes);
};

// A byte maps to a character by `byte % 69`; bytes at or above the largest multiple of 69 that
// fits in a byte (207) would favour the first 49 characters, so they are drawn again.
const ACCEPTED_BYTE_LIMIT =
  Math.floor(256 / RANDOM_STRING_ALPHABET.length) * RANDOM_STRING_ALPHABET.length;

/** getRandomValues refuses more than 65,536 bytes at a time. */
const MAX_BYTES_PER_DRAW = 65_536;

/** Enough to make a broken source (one that never yields a usable byte) fail instead of hang. */
const MAX_EMPTY_DRAWS = 1000;

export function randomString(length: number, random: RandomSource = cryptoRandomSource): string {
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new RangeError(`Length must be a non-negative integer: ${length}`);
  }
  const characters: string[] = [];
  let emptyDraws = 0;
  while (characters.length < length) {
    // A quarter more than needed covers the ~19% of bytes that are drawn again, usually at once.
    const wanted = Math.ceil((length - characters.length) * 1.25) + 4;
    const bytes = new Uint8Array(Math.min(wanted, MAX_BYTES_PER_DRAW));
    random(bytes);
    const before = characters.length;
    for (const byte of bytes) {
      if (characters.length === length) break;
      if (byte < ACCEPTED_BYTE_LIMIT) {
        characters.push(RANDOM_STRING_ALPHABET.charAt(byte % RANDOM_STRING_ALPHABET.length));
      }
    }
    emptyDraws = characters.length === before ? emptyDraws + 1 : 0;
    if (emptyDraws >= MAX_EMPTY_DRAWS) throw new Error('The random source yields no usable bytes.');
  }
  return characters.join('');
}
