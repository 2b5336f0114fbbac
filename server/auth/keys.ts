import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const SIGNING_ALG = 'ES256';

/**
 * A published key must be visible to clients before tokens signed with it appear: auth-js caches
 * the JWKS for 10 minutes, so a rotated-in key is published this long before it signs.
 */
export const KEY_PUBLISH_LEAD_MS = 10 * 60 * 1000;

/**
 * At most one reload of the keys per this interval because of a kid we do not know: a token with a
 * made-up kid costs no database read (#12 finding 10). A real new kid is published
 * KEY_PUBLISH_LEAD_MS before it signs, and the keys are re-read every minute anyway.
 */
export const UNKNOWN_KID_REFRESH_MS = 30_000;

export interface PublicJwk extends JWK {
  kid: string;
  alg: string;
  use: 'sig';
  key_ops: ['verify'];
}

interface LoadedKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: PublicJwk;
  activatesAt: Date;
  retiredAt: Date | null;
  expiresAt: Date | null;
}

/**
 * The ES256 keys that sign access tokens. Kept in the database so every instance signs and verifies
 * with the same keys; generated on first start; `rotate()` adds a successor that is published at
 * once and signs after KEY_PUBLISH_LEAD_MS, while the old key stays trusted until its tokens expire.
 */
export class SigningKeyStore {
  private keys: LoadedKey[] = [];
  private loadedAt = 0;
  private unknownKidRefreshAt = Number.NEGATIVE_INFINITY;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
    /** How long a retired key stays trusted: the longest access-token lifetime. */
    private readonly tokenLifetimeMs: number,
  ) {}

  /** Loads the keys, creating the first one when the table is empty. */
  async init(): Promise<void> {
    const existing = await this.db.selectFrom('auth_signing_keys').select('kid').limit(1).execute();
    if (existing.length === 0) {
      // The very first key signs at once: nobody can have cached a JWKS of this server yet.
      await this.insertKey(this.now());
    }
    await this.reload();
  }

  /** Re-reads the table (another instance may have rotated). Cheap enough to do every minute. */
  async reload(): Promise<void> {
    const rows = await this.db.selectFrom('auth_signing_keys').selectAll().orderBy('activates_at', 'asc').execute();
    const keys: LoadedKey[] = [];
    for (const row of rows) {
      const privateKey = (await importJWK(row.private_jwk as JWK, SIGNING_ALG)) as CryptoKey;
      const publicKey = (await importJWK(row.public_jwk as JWK, SIGNING_ALG)) as CryptoKey;
      keys.push({
        kid: row.kid,
        privateKey,
        publicKey,
        publicJwk: row.public_jwk as unknown as PublicJwk,
        activatesAt: new Date(row.activates_at),
        retiredAt: row.retired_at ? new Date(row.retired_at) : null,
        expiresAt: row.expires_at ? new Date(row.expires_at) : null,
      });
    }
    this.keys = keys;
    this.loadedAt = Date.now();
  }

  private async fresh(): Promise<void> {
    if (Date.now() - this.loadedAt > 60_000) await this.reload();
  }

  /** The newest key that has become active and is not retired. */
  async signingKey(): Promise<{ kid: string; privateKey: CryptoKey }> {
    await this.fresh();
    const now = this.now().getTime();
    const usable = this.keys.filter((key) => key.activatesAt.getTime() <= now && (!key.retiredAt || key.retiredAt.getTime() > now));
    const key = usable.at(-1);
    if (!key) throw new Error('no active signing key');
    return { kid: key.kid, privateKey: key.privateKey };
  }

  /** The public key for a kid, if it is still trusted. */
  async verificationKey(kid: string): Promise<CryptoKey | null> {
    await this.fresh();
    let key = this.keys.find((candidate) => candidate.kid === kid);
    if (!key) {
      // Maybe a key rotated in by another instance this very minute: one shared reload, at most
      // once per UNKNOWN_KID_REFRESH_MS whatever the number of unknown kids presented.
      if (!this.refreshing && Date.now() - this.unknownKidRefreshAt >= UNKNOWN_KID_REFRESH_MS) {
        this.unknownKidRefreshAt = Date.now();
        this.refreshing = this.reload().finally(() => {
          this.refreshing = null;
        });
      }
      if (this.refreshing) await this.refreshing;
      key = this.keys.find((candidate) => candidate.kid === kid);
    }
    if (!key) return null;
    if (key.expiresAt && key.expiresAt.getTime() <= this.now().getTime()) return null;
    return key.publicKey;
  }

  /** Every trusted public key, for /.well-known/jwks.json. */
  async jwks(): Promise<{ keys: PublicJwk[] }> {
    await this.fresh();
    const now = this.now().getTime();
    return { keys: this.keys.filter((key) => !key.expiresAt || key.expiresAt.getTime() > now).map((key) => key.publicJwk) };
  }

  /**
   * Starts a rotation: a new key, published now, signing from now + KEY_PUBLISH_LEAD_MS; the keys
   * signing today retire then and stay trusted for one token lifetime more.
   */
  async rotate(): Promise<string> {
    const now = this.now();
    const activatesAt = new Date(now.getTime() + KEY_PUBLISH_LEAD_MS);
    const kid = await this.insertKey(activatesAt);
    await this.db
      .updateTable('auth_signing_keys')
      .set({ retired_at: activatesAt, expires_at: new Date(activatesAt.getTime() + this.tokenLifetimeMs) })
      .where('kid', '!=', kid)
      .where('retired_at', 'is', null)
      .execute();
    await this.reload();
    return kid;
  }

  private async insertKey(activatesAt: Date): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const kid = randomBytes(12).toString('base64url');
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG };
    const { kty, crv, x, y } = await exportJWK(publicKey);
    // What GoTrue publishes: public parameters, kid, alg, use and key_ops only (no `ext`).
    const publicJwk = { kty, crv, x, y, kid, alg: SIGNING_ALG, use: 'sig', key_ops: ['verify'] };
    await this.db
      .insertInto('auth_signing_keys')
      .values({
        kid,
        alg: SIGNING_ALG,
        private_jwk: JSON.stringify(privateJwk),
        public_jwk: JSON.stringify(publicJwk),
        created_at: this.now(),
        activates_at: activatesAt,
      })
      // Two instances starting together: the second insert of a first key is harmless.
      .onConflict((conflict) => conflict.column('kid').doNothing())
      .execute();
    return kid;
  }
}
