import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requirePasskeyManagement } from '../assurance';
import { validationFailed } from '../errors';
import { UUID } from '../users';
import { PASSKEY_NAME_MAX } from '../../../core/passkeys';
import { lastWayIn, passkeyNotFound } from './errors';
import { PASSKEY_LIMITS } from './limits';
import { ownedPasskey, passkeyJson, passkeysOf } from './store';

/** An id that is not a uuid is GoTrue's 404 "Passkey not found", as an unknown one. */
function passkeyId(id: string): string {
  if (!UUID.test(id)) throw passkeyNotFound();
  return id;
}

/** `GET /passkeys`: the user's passkeys, oldest first. */
export async function listPasskeys(app: FastifyInstance, request: FastifyRequest) {
  const { user } = await app.authService.authenticate(request);
  return (await passkeysOf(app.authService.db, user.id)).map(passkeyJson);
}

/** `PATCH /passkeys/{id}`: a new name (1–120 characters once trimmed). Open at aal1, as in GoTrue: a name opens nothing. */
export async function renamePasskey(app: FastifyInstance, request: FastifyRequest, id: string, body: { friendly_name?: string | null | undefined }) {
  const service = app.authService;
  const { user } = await service.authenticate(request);
  const name = body.friendly_name?.trim() ?? '';
  if (name === '') throw validationFailed('friendly_name is required');
  if (name.length > PASSKEY_NAME_MAX) throw validationFailed(`friendly_name must be ${PASSKEY_NAME_MAX} characters or less`);
  const passkey = await ownedPasskey(service.db, user.id, passkeyId(id));
  if (!passkey) throw passkeyNotFound();
  const updated = await service.db
    .updateTable('auth_passkeys')
    .set({ friendly_name: name, updated_at: service.now() })
    .where('id', '=', passkey.id)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw passkeyNotFound();
  return passkeyJson(updated);
}

/**
 * `DELETE /passkeys/{id}` (204): aal2 once the account has a second step, and never the last way in
 * (a confirmed phone or email, a provider identity or another passkey must remain).
 * The check and the delete run with the user's row locked, so two removals at once cannot each
 * leave the other as the last one and both go. Sessions this passkey lifted to aal2 fall back to aal1.
 */
export async function deletePasskey(app: FastifyInstance, request: FastifyRequest, id: string): Promise<void> {
  const service = app.authService;
  const auth = await service.authenticate(request);
  requirePasskeyManagement(auth);
  await service.limit(`passkeys:manage:user:${auth.user.id}`, PASSKEY_LIMITS.managePerUser);
  const target = passkeyId(id);
  await service.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('auth_users').select(['email_confirmed_at', 'phone_confirmed_at', 'email', 'phone']).where('id', '=', auth.user.id).forUpdate().executeTakeFirst();
    const passkey = await trx.selectFrom('auth_passkeys').select('id').where('id', '=', target).where('user_id', '=', auth.user.id).executeTakeFirst();
    if (!user || !passkey) throw passkeyNotFound();
    const others = await trx.selectFrom('auth_passkeys').select('id').where('user_id', '=', auth.user.id).where('id', '!=', target).limit(1).execute();
    // A provider identity (#35: Google, Microsoft, Apple…) is a way in too.
    const social = await trx.selectFrom('auth_identities').select('id').where('user_id', '=', auth.user.id).limit(1).execute();
    const byCode = (user.email !== null && user.email_confirmed_at !== null) || (user.phone !== null && user.phone_confirmed_at !== null);
    if (!byCode && others.length === 0 && social.length === 0) throw lastWayIn();
    await trx.deleteFrom('auth_passkeys').where('id', '=', target).execute();
    await trx.updateTable('auth_sessions').set({ aal: 'aal1', factor_id: null }).where('factor_id', '=', target).execute();
  });
}
