/*
 * Where a webhook may be sent (issue 21): an absolute https:// address without credentials, not
 * this machine. Plain http:// and local addresses only where the server allows them
 * (WEBHOOK_ALLOW_HTTP: tests and development, with a receiver on 127.0.0.1).
 */

export const WEBHOOK_URL_MAX = 2000;

export const WEBHOOK_URL_MESSAGES = {
  missing: 'Give the address the events are posted to.',
  invalid: 'Write the full address, starting with https://.',
  notHttps: 'The address must start with https://: events are sent encrypted.',
  credentials:
    'Leave the user name and password out of the address: the signature tells the receiver who sent it.',
  tooLong: `Keep the address to ${WEBHOOK_URL_MAX.toLocaleString('en-US')} characters.`,
  local:
    'That address is this machine or a link-local address; give one the server reaches over the network.',
} as const;

/** What the WHATWG URL parser says of an address (global in browsers and Node alike). */
interface ParsedUrl {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
}
// The domain's TypeScript lib names neither the DOM nor Node, where URL is declared.
const UrlParser = (globalThis as unknown as { URL: new (url: string) => ParsedUrl }).URL;

/** IPv4 literals that never leave the machine or its link: 0.0.0.0, 127/8, 169.254/16. */
function isLocalIpv4(host: string): boolean {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return false;
  const [a, b] = parts.map(Number);
  return host === '0.0.0.0' || a === 127 || (a === 169 && b === 254);
}

/** IPv6 literals of the same: ::, ::1, fe80::/10, and IPv4 ones written as IPv6. */
function isLocalIpv6(host: string): boolean {
  const address = host.toLowerCase();
  if (address === '::' || address === '::1') return true;
  if (/^fe[89ab][0-9a-f]:/.test(address)) return true;
  // ::ffff:127.0.0.1 reaches the URL parser as ::ffff:7f00:1.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (!mapped) return false;
  const high = parseInt(mapped[1] ?? '0', 16);
  const low = parseInt(mapped[2] ?? '0', 16);
  return isLocalIpv4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
}

/** Whether a URL's hostname (as the WHATWG parser leaves it) names this machine or its link. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host.startsWith('[') && host.endsWith(']')) return isLocalIpv6(host.slice(1, -1));
  return isLocalIpv4(host);
}

/**
 * What is wrong with `url` as a webhook address, or null when nothing is. `allowHttp` also lets
 * http:// and local addresses through.
 */
export function webhookUrlProblem(url: string, options: { allowHttp: boolean }): string | null {
  if (url.trim() === '') return WEBHOOK_URL_MESSAGES.missing;
  if (url.length > WEBHOOK_URL_MAX) return WEBHOOK_URL_MESSAGES.tooLong;
  let parsed: ParsedUrl;
  try {
    parsed = new UrlParser(url);
  } catch {
    return WEBHOOK_URL_MESSAGES.invalid;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return WEBHOOK_URL_MESSAGES.invalid;
  }
  if (parsed.protocol === 'http:' && !options.allowHttp) return WEBHOOK_URL_MESSAGES.notHttps;
  if (parsed.username !== '' || parsed.password !== '') return WEBHOOK_URL_MESSAGES.credentials;
  if (!options.allowHttp && isLocalHost(parsed.hostname)) return WEBHOOK_URL_MESSAGES.local;
  return null;
}
