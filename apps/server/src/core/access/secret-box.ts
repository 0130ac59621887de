import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../../config.ts';

/**
 * Encrypts the few secrets the server must read back (TOTP keys) with AES-256-GCM, node's own
 * authenticated cipher (decision 021). A stored value is `v1.<iv>.<tag>.<ciphertext>` in
 * base64url; the version prefix leaves room to rotate the key later.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const KEY_BYTES = 32;

/** The configured key, or the data directory's key file, written on first use if missing. */
export function loadSecretsKey(source: ServerConfig['secretsKey']): Buffer {
  if ('key' in source) return source.key;
  try {
    const key = Buffer.from(readFileSync(source.file, 'utf8').trim(), 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`${source.file} does not hold a 32-byte key`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(KEY_BYTES);
  mkdirSync(path.dirname(source.file), { recursive: true });
  // 'wx': two instances starting together cannot overwrite each other's key.
  try {
    writeFileSync(source.file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadSecretsKey(source);
    throw error;
  }
  return key;
}

export function createSecretBox(source: ServerConfig['secretsKey']): SecretBox {
  let key: Buffer | null = null;
  // Read when first needed, so an instance that never handles a secret needs no key file.
  const keyOf = () => (key ??= loadSecretsKey(source));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map(encodePart).join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) {
        throw new Error('not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

const encodePart = (part: string | Buffer) =>
  typeof part === 'string' ? part : part.toString('base64url');
