import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from './utf8.ts';

describe('utf8ByteLength', () => {
  it('counts bytes as UTF-8 writes them', () => {
    expect(utf8ByteLength('')).toBe(0);
    expect(utf8ByteLength('abc')).toBe(3);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('’')).toBe(3);
    expect(utf8ByteLength('😀')).toBe(4);
    expect(utf8ByteLength('a\r\nb')).toBe(4);
  });

  it('counts a lone surrogate as the 3 bytes of U+FFFD', () => {
    expect(utf8ByteLength('\ud800')).toBe(3);
    expect(utf8ByteLength('\udc00x')).toBe(4);
    expect(utf8ByteLength('\ud800x')).toBe(4);
  });
});
