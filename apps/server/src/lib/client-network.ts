import { normalizeIP } from '@fastify/rate-limit';

/**
 * What every per-address limit counts: an IPv4 address, or the /64 network of an IPv6 one, since
 * whoever holds one IPv6 address can use any of the 2^64 beside it.
 */
export function clientNetwork(ip: string): string {
  return normalizeIP(ip, 64);
}
