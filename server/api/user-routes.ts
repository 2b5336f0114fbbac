import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../auth/require-user';
import { ReadCache } from '../db/read-cache';
import { badRequest, conflict } from '../http/errors';
import { userDataMaxBytes, userDataSchema, userSchema, userUpdateSchema } from '../../core/contracts/user';
import { getProfile, mergeProfileData, requirePhone, splitName, updateProfile } from './profiles';
import type { Profile, ProfileUpdate } from './tables';
import { spendProductLookup } from './lookup';
import { userView } from './user-view';

const errorBody = z.object({ code: z.string(), message: z.string() });
const JSON_TYPE = 'application/json; charset=utf-8';
const ANSWERS_KEPT = 5_000;

/** Sends JSON already written by the route's serializer (Fastify sends a JSON-typed string as is). */
function sendWritten(reply: FastifyReply, body: string): FastifyReply {
  return reply.type(JSON_TYPE).send(body);
}

/** What GET /v1/user's answer takes from the authenticated identity besides the profile. */
function identityKey(user: AuthUser, confirmed: NonNullable<AuthUser['confirmed']>): string {
  return `${user.email ?? ''}\u0000${user.phone ?? ''}\u0000${user.isAnonymous}\u0000${confirmed.email}\u0000${confirmed.phone}`;
}

/** GET/PATCH /v1/user and PATCH /v1/user/data: always the caller's own record (bearer token). */
export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // GET /v1/user is the API's most frequent call (every signed-in page asks who is there). Its profile
  // read is cached like the auth rows (decision 701): emptied by any write to profiles made through
  // this process, at most READ_CACHE_TTL_MS old for a write made by another instance.
  const profiles = new ReadCache<Profile | null>({ maxEntries: 5_000 });
  // Writes to subscriptions too: the answer's role holds only while the subscription opens the
  // product (user-view.ts), and a cached profile would keep an ended one's role.
  const unwatch = app.database.writes.on(['profiles', 'subscriptions'], () => profiles.clear());
  app.addHook('onClose', async () => unwatch());

  // The answer's bytes, per user, as the route's serializer wrote them (checked against userSchema):
  // used again while the profile is the same cached object (a new read, after a write or past the
  // cache's 2 s, is a new object) and the identity the token led to has the same values, so it is
  // never other than what userView would build now. Writing the same answer again for every call
  // was a tenth of the route's CPU (#16).
  const answers = new Map<string, { profile: Profile | null; identity: string; body: string }>();

  r.get('/v1/user', { schema: { response: { 200: userSchema, 401: errorBody } } }, async (request, reply) => {
    const user = request.user!;
    const cached = profiles.get(user.id);
    const profile = (cached !== undefined ? cached : await profiles.load(user.id, () => getProfile(app.db, user.id))) ?? null;
    // Without `confirmed` (a Supabase project's token) userView reads the identity itself: not kept.
    const identity = user.confirmed ? identityKey(user, user.confirmed) : null;
    const kept = identity === null ? undefined : answers.get(user.id);
    let body = kept && kept.profile === profile && kept.identity === identity ? kept.body : undefined;
    if (body === undefined) {
      body = reply.serialize(await userView(app.db, app.authService.accounts, user, profile)) as string;
      if (identity !== null) {
        answers.delete(user.id);
        answers.set(user.id, { profile, identity, body });
        if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value as string);
      }
    }
    return sendWritten(reply, body);
  });

  r.patch(
    '/v1/user',
    { schema: { body: userUpdateSchema.optional(), response: { 200: userSchema, 400: errorBody, 401: errorBody, 409: errorBody } } },
    async (request, reply) => updateUser(app, request, reply, request.body ?? {}),
  );

  r.patch(
    '/v1/user/data',
    { schema: { body: userDataSchema, response: { 200: z.object({ data: userDataSchema }), 400: errorBody, 401: errorBody } } },
    async (request) => {
      const user = request.user!;
      const size = Buffer.byteLength(JSON.stringify(request.body), 'utf8');
      if (size > userDataMaxBytes) {
        throw badRequest('USER_DATA_TOO_LARGE', `The data object must stay under ${userDataMaxBytes} bytes`);
      }
      const before = await getProfile(app.db, user.id);
      const merged = { ...((before?.data as Record<string, unknown> | undefined) ?? {}), ...request.body };
      if (Buffer.byteLength(JSON.stringify(merged), 'utf8') > userDataMaxBytes) {
        throw badRequest('USER_DATA_TOO_LARGE', `The stored data object must stay under ${userDataMaxBytes} bytes`);
      }
      const profile = await mergeProfileData(app.db, user.id, request.body);
      return { data: userDataSchema.parse(profile.data) };
    },
  );
}

/**
 * `PATCH /v1/user`: the caller's phone, email and name. A new phone or email is checked against the
 * other accounts within the lookup budget; a field left out is left as it is.
 */
async function updateUser(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, body: z.infer<typeof userUpdateSchema>) {
  const user = request.user!;
  const changes: ProfileUpdate = {};
  if (body.phone) {
    const phone = requirePhone(body.phone.number);
    // Whether another account has it is only said within the lookup budget, unless it is the
    // caller's own proven number (nothing to find out then).
    if (!(phone === user.phone && user.confirmed?.phone)) await spendProductLookup(app, request, reply, user.id);
    if (await phoneTakenByAnother(app, phone, user.id)) {
      throw conflict('PHONE_ALREADY_EXISTS', 'An account with this phone number already exists.');
    }
    changes.phone = phone;
  }
  if (body.email) {
    const email = body.email.trim().toLowerCase();
    if (!(email === user.email && user.confirmed?.email)) await spendProductLookup(app, request, reply, user.id);
    if (await app.authService.accounts.emailTakenByAnother(email, user.id)) {
      throw conflict('EMAIL_ALREADY_EXISTS', 'An account with this email already exists.');
    }
    changes.email = email;
  }
  if (body.name) Object.assign(changes, splitName(body.name));
  if (body.first_name) changes.first_name = body.first_name;
  if (body.last_name) changes.last_name = body.last_name;
  // SPEC §7: nothing is sent (and nothing changes) when every field is absent.
  if (Object.keys(changes).length === 0) return userView(app.db, app.authService.accounts, user);
  try {
    const profile = await updateProfile(app.db, user.id, changes);
    return await userView(app.db, app.authService.accounts, user, profile);
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

/** Another account signs in with this E.164 number, or another profile gives it. */
async function phoneTakenByAnother(app: FastifyInstance, phone: string, userId: string): Promise<boolean> {
  if (await app.authService.accounts.phoneTakenByAnother(phone, userId)) return true;
  const other = await app.db.selectFrom('profiles').select('user_id').where('phone', '=', phone).where('user_id', '<>', userId).limit(1).executeTakeFirst();
  return other !== undefined;
}

/** Two concurrent claims of the same number/address: the unique index decides, the loser gets 409. */
function uniqueViolation(error: unknown) {
  const err = error as { code?: string; constraint?: string; message?: string };
  if (err.code !== '23505') return null;
  const where = `${err.constraint ?? ''} ${err.message ?? ''}`;
  if (where.includes('phone')) return conflict('PHONE_ALREADY_EXISTS', 'An account with this phone number already exists.');
  if (where.includes('email')) return conflict('EMAIL_ALREADY_EXISTS', 'An account with this email already exists.');
  return null;
}
