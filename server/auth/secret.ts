import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Env } from '../config/env';

/**
 * The server key behind one-time-code hashes and encrypted TOTP secrets. AUTH_SECRET when set (it
 * must be when several instances share a database); otherwise generated once into DATA_DIR, never
 * into the database, so a database leak alone does not let codes be brute-forced offline. Tests get
 * a fresh random key.
 */
export function loadAuthSecret(env: Env): Buffer {
  if (env.AUTH_SECRET) return Buffer.from(env.AUTH_SECRET, 'utf8');
  if (env.NODE_ENV === 'test') return randomBytes(32);
  const dir = resolve(env.DATA_DIR);
  const file = join(dir, 'auth-secret');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, secret.toString('base64url'), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export class SecretBox {
  private readonly hmacKey: Buffer;
  private readonly encKey: Buffer;

  constructor(secret: Buffer) {
    // Separate keys per use, derived from the one secret.
    this.hmacKey = Buffer.from(hkdfSync('sha256', secret, 'ringwise-auth', 'otp-hmac', 32));
    this.encKey = Buffer.from(hkdfSync('sha256', secret, 'ringwise-auth', 'factor-secret', 32));
  }

  /** Keyed hash of a code bound to what it was issued for (recipient, purpose). */
  hash(...parts: string[]): string {
    const mac = createHmac('sha256', this.hmacKey);
    for (const part of parts) mac.update(`${part.length}:${part}|`);
    return mac.digest('base64url');
  }

  /** Constant-time comparison of two hashes from `hash`. */
  static equal(a: string, b: string): boolean {
    const left = Buffer.from(a);
    const right = Buffer.from(b);
    return left.length === right.length && timingSafeEqual(left, right);
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
  }

  decrypt(sealed: string): string {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !body) throw new Error('malformed sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.encKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }
}
