/**
 * The e-mail check of spec §5: the classic RFC-5322-ish pattern many form libraries use — a
 * dotted or quoted local part, then a domain or a bracketed IPv4 address — tightened where the
 * classic one lets obvious mistakes through: control characters, an unescaped quote inside a
 * quoted part, octets above 255, domain labels starting or ending with '-'.
 */

// RFC 5321 limits: a longer address cannot be delivered, and capping the length first keeps the
// pattern's work small whatever is pasted in.
export const MAX_EMAIL_LENGTH = 254;
export const MAX_EMAIL_LOCAL_PART_LENGTH = 64;

const EMAIL_PATTERN = new RegExp(
  [
    '^',
    // Local part: dot-separated atoms (no leading, trailing or double dot) or one quoted string.
    String.raw`(?:[^<>()[\]\\.,;:\s@"\x00-\x1f\x7f]+(?:\.[^<>()[\]\\.,;:\s@"\x00-\x1f\x7f]+)*`,
    String.raw`|"(?:[^"\\\r\n\x00-\x1f\x7f]|\\[^\r\n])+")`,
    '@',
    // Domain: a bracketed IPv4 address, or labels ending in an alphabetic or punycode TLD.
    String.raw`(?:\[(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\]`,
    String.raw`|(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?\.)+(?:[a-zA-Z]{2,63}|xn--[a-zA-Z0-9-]{1,59}))`,
    '$',
  ].join(''),
);

export function isValidEmail(text: string): boolean {
  if (text.length > MAX_EMAIL_LENGTH) return false;
  const at = text.lastIndexOf('@');
  if (at < 1 || at > MAX_EMAIL_LOCAL_PART_LENGTH) return false;
  return EMAIL_PATTERN.test(text);
}
