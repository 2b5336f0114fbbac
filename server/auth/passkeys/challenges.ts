import type { Selectable } from 'kysely';
import type { AuthService } from '../service';
import { UUID } from '../users';
import { validationFailed } from '../errors';
import { challengeExpired, challengeNotFound } from './errors';
import type { AuthPasskeyChallengesTable, PasskeyChallengeKind } from './tables';

/** GoTrue's WebAuthn challenge life (config.WebAuthn.ChallengeExpiryDuration). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * Expired challenges are swept, a hundred at a time by the next one stored, once they are ten
 * minutes past expiry (until then a late verify is told "expired", not "not found").
 */
const SWEEP_BATCH = 100;
const SWEEP_AFTER_MS = 10 * 60_000;

type ChallengeRow = Selectable<AuthPasskeyChallengesTable>;

/**
 * Stores a ceremony's challenge: a registration one belongs to the session that asked (finishing it
 * from another session, even the same user's, finds nothing). Answers its id and expiry in seconds.
 */
export async function storeChallenge(
  service: AuthService,
  input: { kind: PasskeyChallengeKind; challenge: string; userId?: string; sessionId?: string },
): Promise<{ id: string; expiresAt: number }> {
  const now = service.now();
  const expiresAt = new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS);
  await sweepExpired(service, now);
  const row = await service.db
    .insertInto('auth_passkey_challenges')
    .values({ kind: input.kind, challenge: input.challenge, user_id: input.userId ?? null, session_id: input.sessionId ?? null, created_at: now, expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, expiresAt: Math.floor(expiresAt.getTime() / 1000) };
}

/**
 * Spends a challenge: one `delete … returning`, so of any number of verifies of one challenge on any
 * number of instances exactly one gets the row (the database decides). A registration challenge is
 * found only by the session that asked for it. Expired: GoTrue's webauthn_challenge_expired (the row
 * is gone all the same).
 */
export async function spendChallenge(service: AuthService, id: string, owner: { kind: PasskeyChallengeKind; sessionId?: string }): Promise<ChallengeRow> {
  if (!UUID.test(id)) throw validationFailed('challenge_id must be a valid UUID');
  let query = service.db.deleteFrom('auth_passkey_challenges').where('id', '=', id).where('kind', '=', owner.kind);
  if (owner.kind === 'registration') query = query.where('session_id', '=', owner.sessionId ?? '00000000-0000-0000-0000-000000000000');
  const row = await query.returningAll().executeTakeFirst();
  if (!row) throw challengeNotFound();
  if (new Date(row.expires_at).getTime() <= service.now().getTime()) throw challengeExpired();
  return row;
}

/** A bounded sweep, so a flood of abandoned sign-ins cannot grow the table without end. */
async function sweepExpired(service: AuthService, now: Date): Promise<void> {
  await service.db
    .deleteFrom('auth_passkey_challenges')
    .where('id', 'in', (eb) => eb.selectFrom('auth_passkey_challenges').select('id').where('expires_at', '<', new Date(now.getTime() - SWEEP_AFTER_MS)).limit(SWEEP_BATCH))
    .execute();
}
