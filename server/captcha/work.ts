import { createHash, hkdfSync, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import type { Clock } from '../http/clock';

/**
 * Proof of work with ALTCHA (altcha-lib v2), for the captcha on code sends and for any capability
 * that makes clients pay for what they ask (the greeting builder, with its own scope).
 *
 * A challenge is made in ALTCHA's deterministic mode: the server draws the counter below
 * `maxNumber`, derives its key and publishes half of it as the prefix to find, so a client tries
 * maxNumber / 2 SHA-256 keys on average; the derived key is HMAC-signed (`keySignature`), so checking
 * a solution costs the server one HMAC, not the work. The challenge's own signature covers its
 * parameters, including `data` (scope, maxNumber, expiry): a client cannot lower the work it was given.
 *
 * Single use is a fact of the database: spending inserts the challenge's signature into
 * `captcha_spent` with `on conflict do nothing`; of two instances spending one payload at once
 * exactly one inserts. Rows are kept until the challenge's expiry (data-lifecycle.ts).
 */

/** How long a challenge may be solved and spent: long enough to solve in the background while a person types. */
export const WORK_LIFETIME_MS = 10 * 60_000;
/** The largest counter a challenge may ask for (altcha's uint32 counter; ~2^31 tries on average). */
export const MAX_WORK_NUMBER = 0xffffffff;

/** The HMAC keys, derived from the server's key (AUTH_SECRET, or the one generated into DATA_DIR); never sent anywhere. */
export interface WorkKeys {
  signature: string;
  keySignature: string;
}

export function workKeys(serverSecret: Buffer): WorkKeys {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', serverSecret, 'ringwise-captcha', info, 32)).toString('base64url');
  return { signature: derive('altcha-challenge'), keySignature: derive('altcha-key') };
}

export interface WorkContext {
  db: Kysely<Database>;
  clock: Clock;
  keys: WorkKeys;
}

export type WorkData = Record<string, string | number | boolean | null>;

/** A challenge for `scope` whose solution costs maxNumber / 2 tries on average. `data` rides along, signed. */
export async function issueWork(context: WorkContext, options: { scope: string; maxNumber: number; data?: WorkData }): Promise<Challenge> {
  const maxNumber = Math.max(2, Math.min(MAX_WORK_NUMBER, Math.round(options.maxNumber)));
  const expiresAt = context.clock.now().getTime() + WORK_LIFETIME_MS;
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(0, maxNumber),
    deriveKey,
    // The expiry the widget shows, in real seconds; the server decides with its own clock (`exp`).
    expiresAt: Math.ceil(Math.max(expiresAt, Date.now() + WORK_LIFETIME_MS) / 1000),
    data: { ...options.data, scope: options.scope, maxNumber, exp: expiresAt },
    hmacSignatureSecret: context.keys.signature,
    hmacKeySignatureSecret: context.keys.keySignature,
  });
}

/** Why a payload was refused: the words of 400 captcha_failed "captcha protection: request disallowed (<reason>)". */
export type WorkRefusal = 'missing' | 'malformed' | 'forged' | 'expired' | 'already used' | 'wrong scope';

export type SpentWork = { ok: true; data: WorkData; maxNumber: number } | { ok: false; reason: WorkRefusal };

const hexString = z.string().max(1024);
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal('SHA-256'),
      nonce: hexString,
      salt: hexString,
      cost: z.number().int().min(1).max(1),
      keyLength: z.number().int().min(1).max(64),
      keyPrefix: hexString,
      keySignature: hexString.optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean(), z.null()])).optional(),
      memoryCost: z.number().optional(),
      parallelism: z.number().optional(),
    }),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({ counter: z.number().int().min(0).max(MAX_WORK_NUMBER), derivedKey: z.string().max(128), time: z.number().optional() }),
});

/** The widget's payload (base64 of JSON), read and shape-checked before any work is done on it. */
export function readPayload(payload: string): z.infer<typeof payloadSchema> | null {
  if (payload.length > 4096) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Checks a solved challenge of `scope` and spends it. Forged (signature, key or scope), expired by
 * the server's clock, and already spent are refused; only the first spend of a good payload, on any
 * instance, answers ok (with its signed data).
 */
export async function spendWork(context: WorkContext, options: { scope: string; payload: string | null | undefined }): Promise<SpentWork> {
  if (!options.payload) return { ok: false, reason: 'missing' };
  const payload = readPayload(options.payload);
  if (!payload) return { ok: false, reason: 'malformed' };
  const data = payload.challenge.parameters.data ?? {};
  const now = context.clock.now().getTime();
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: context.keys.signature,
    hmacKeySignatureSecret: context.keys.keySignature,
  });
  if (result.invalidSignature || result.invalidSolution) return { ok: false, reason: 'forged' };
  const exp = typeof data.exp === 'number' ? data.exp : 0;
  if (result.expired || exp <= now) return { ok: false, reason: 'expired' };
  if (data.scope !== options.scope) return { ok: false, reason: 'wrong scope' };
  const first = await spendOnce(context.db, { key: payload.challenge.signature, scope: options.scope, expiresAt: new Date(exp) });
  if (!first) return { ok: false, reason: 'already used' };
  return { ok: true, data, maxNumber: typeof data.maxNumber === 'number' ? data.maxNumber : 0 };
}

/** Records `key` as spent; true only for the one statement that inserted it. */
export async function spendOnce(db: Kysely<Database>, spent: { key: string; scope: string; expiresAt: Date }): Promise<boolean> {
  const row = await db
    .insertInto('captcha_spent')
    .values({ key: spent.key, scope: spent.scope, expires_at: spent.expiresAt })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

/** A hosted provider's token as a spent-table key: its hash (the token itself is a credential). */
export const tokenKey = (token: string) => `token:${createHash('sha256').update(token).digest('base64url')}`;
