import { createHash, randomInt } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps make them: SHA-1, 6 digits,
 * 30-second steps, base32 secrets of 160 bits (decision 021).
 */

export const TOTP_ISSUER = 'Bastion CPQ';
const PERIOD_SECONDS = 30;
/** A code one step old or one step early still counts: phones' clocks drift. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URI an authenticator app scans, labelled with the issuer and the e-mail. */
export const totpUri = (secret: string, email: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/** The URI as a PNG QR code, as a data URL an <img> shows. */
export const qrDataUrl = (uri: string): Promise<string> =>
  QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });

/** What a user typed, without the spaces and dashes people add. */
export const normalizeCode = (typed: string) => typed.replace(/[\s-]/g, '').toLowerCase();

/**
 * The time step at which `code` is valid for `secret` now (within one step either way), or null.
 * A step at or before `afterStep` is refused: a code is accepted once.
 */
export async function matchTotp(
  secret: string,
  typed: string,
  afterStep: number | null,
  now = new Date(),
): Promise<number | null> {
  const token = normalizeCode(typed);
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The current code (tests, and the CLI's self-check). */
export const currentTotp = (secret: string, now = new Date()): Promise<string> =>
  generate({ secret, epoch: Math.floor(now.getTime() / 1000) });

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** Ten codes like `k7m2p-x9qr4`: 50 bits each, no look-alike characters. */
export function newRecoveryCodes(): string[] {
  const chunk = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
      '',
    );
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${chunk()}-${chunk()}`);
}

/** Recovery codes are random enough that a plain SHA-256 keeps them safe at rest. */
export const hashRecoveryCode = (typed: string): string =>
  createHash('sha256').update(normalizeCode(typed)).digest('hex');
