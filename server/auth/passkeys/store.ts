import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import { deviceOf } from './devices';
import type { AuthPasskeysTable } from './tables';

export type PasskeyRow = Selectable<AuthPasskeysTable>;

export { MAX_PASSKEYS_PER_USER } from '../../../core/passkeys';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : undefined);

/**
 * A passkey on the wire: GoTrue's PasskeyListItem (`id`, `friendly_name`, `created_at`,
 * `last_used_at` when used), plus ours, `device` (what it is stored on: server/auth/passkeys/devices.ts),
 * which supabase-js passes through untouched.
 */
export function passkeyJson(row: PasskeyRow) {
  return {
    id: row.id,
    ...(row.friendly_name ? { friendly_name: row.friendly_name } : {}),
    created_at: iso(row.created_at),
    ...(row.last_used_at ? { last_used_at: iso(row.last_used_at) } : {}),
    device: deviceOf(row.aaguid, row.user_agent),
  };
}

export function passkeysOf(db: Kysely<Database>, userId: string): Promise<PasskeyRow[]> {
  return db.selectFrom('auth_passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').execute();
}

export async function ownedPasskey(db: Kysely<Database>, userId: string, id: string): Promise<PasskeyRow | null> {
  return (await db.selectFrom('auth_passkeys').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()) ?? null;
}

export async function passkeyByCredentialId(db: Kysely<Database>, credentialId: string): Promise<PasskeyRow | null> {
  return (await db.selectFrom('auth_passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst()) ?? null;
}
