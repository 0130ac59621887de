import { createHash, randomBytes } from 'node:crypto';

/** A random 256-bit secret for a cookie or a link (sessions, password resets). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a leaked table yields no usable cookie or link. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
