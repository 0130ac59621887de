import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email.ts';

describe('isValidEmail', () => {
  it.each([
    'someone@example.com',
    'first.last@example.co.uk',
    'a@b.io',
    'user+tag@sub.example.org',
    "o'brien@example.ie",
    'UPPER.case@EXAMPLE.COM',
    'digits123@123example.com',
    'hyphen-ated@my-domain.example',
    '"john doe"@example.com',
    '"quoted.with@at"@example.com',
    String.raw`"escaped \" quote"@example.com`,
    'user@[192.168.0.1]',
    'user@[255.255.255.255]',
    'user@xn--80ak6aa92e.com',
    'user@example.xn--p1ai',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %j', (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    '',
    'plainaddress',
    '@example.com',
    'user@',
    'user@@example.com',
    'user@exam@ple.com',
    'us..er@example.com',
    '.user@example.com',
    'user.@example.com',
    'user@example..com',
    'user@.example.com',
    'user@example.com.',
    'user@example',
    'user@example.c',
    'user@1.2.3.4',
    'user@-example.com',
    'user@example-.com',
    'user@exa_mple.com',
    'user name@example.com',
    ' user@example.com',
    'user@example.com ',
    'user\n@example.com',
    'us\u0000er@example.com',
    'user@[256.1.1.1]',
    'user@[1.2.3]',
    'user@[1.2.3.4',
    '"unterminated@example.com',
    '"a"b"@example.com',
    '""@example.com',
    'user<x>@example.com',
    'user,name@example.com',
    `${'a'.repeat(65)}@example.com`,
    `user@${'a'.repeat(250)}.com`,
  ])('rejects %j', (address) => {
    expect(isValidEmail(address)).toBe(false);
  });
});
