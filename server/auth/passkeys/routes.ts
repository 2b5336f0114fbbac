import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationFailed } from '../errors';
import { authenticationOptions, authenticationVerify } from './authentication';
import { deletePasskey, listPasskeys, renamePasskey } from './manage';
import { registrationOptions, registrationVerify } from './registration';
import { passkeyDisabled, passkeysEnabled } from './relying-party';

const verifyBody = z.object({ challenge_id: z.string().max(64).nullish(), credential: z.unknown() });
const optionsBody = z.object({ gotrue_meta_security: z.object({ captcha_token: z.string().max(8_192).nullish() }).nullish() }).nullish();
const idParams = z.object({ id: z.string().max(64) });
const renameBody = z.object({ friendly_name: z.string().max(1_000).nullish() });

/** A verify needs both fields (GoTrue's 400 validation_failed, before any lookup). */
function required(body: z.infer<typeof verifyBody>): { challenge_id: string; credential: unknown } {
  if (!body.challenge_id) throw validationFailed('challenge_id is required');
  if (body.credential === undefined || body.credential === null) throw validationFailed('credential is required');
  return { challenge_id: body.challenge_id, credential: body.credential };
}

/**
 * GoTrue's passkey routes (#36) under /auth/v1/passkeys: sign-in (options, verify → a session),
 * registration (signed-in, not anonymous), and the user's list, rename and removal. All answer 404
 * passkey_disabled when the relying party cannot be (an IP address: relying-party.ts).
 */
export default async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const enabled = passkeysEnabled(app.env);
  // A passkey answer is a few KB; nothing a browser sends comes near this.
  const bodyLimit = 64 * 1024;
  // Encapsulated: this hook runs for these routes only.
  r.addHook('onRequest', async () => {
    if (!enabled) throw passkeyDisabled();
  });
  r.post('/passkeys/authentication/options', { bodyLimit, schema: { body: optionsBody } }, async (request) =>
    authenticationOptions(app, request, request.body?.gotrue_meta_security?.captcha_token),
  );
  r.post('/passkeys/authentication/verify', { bodyLimit, schema: { body: verifyBody } }, async (request) => authenticationVerify(app, request, required(request.body)));
  r.post('/passkeys/registration/options', { bodyLimit, schema: { body: z.unknown() } }, async (request) => registrationOptions(app, request));
  r.post('/passkeys/registration/verify', { bodyLimit, schema: { body: verifyBody } }, async (request) => registrationVerify(app, request, required(request.body)));
  r.get('/passkeys', async (request) => listPasskeys(app, request));
  r.patch('/passkeys/:id', { bodyLimit, schema: { params: idParams, body: renameBody } }, async (request) => renamePasskey(app, request, request.params.id, request.body));
  r.delete('/passkeys/:id', { schema: { params: idParams } }, async (request, reply) => {
    await deletePasskey(app, request, request.params.id);
    return reply.status(204).send();
  });
}
