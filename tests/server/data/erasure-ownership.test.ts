import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishErasures, UNFINISHED_ERASURE_MS } from '../../../server/retention/erasure';
import { buildTestApp, manualClock } from '../../helpers/app';
import { createUser } from '../onboarding/users';
import { askCode, bearer, latestCode, rowsNaming, verifyCode } from './rows-naming';

const ADMIN_TOKEN = 'erasure-ownership-admin-token-0123456789';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

let sequence = 0;
const stamp = Date.now().toString(36);
/** A French mobile number nobody else in this file uses. */
const freshPhone = () => `+3374${stamp.slice(-3).replace(/\D/g, '7').padStart(3, '7')}${String(++sequence).padStart(4, '0')}`;
const freshEmail = (tag: string) => `${tag}-${stamp}-${++sequence}@erasure-owners.test`;
/** Counts per table less some rows (tables left with none are left out, as rowsNaming does). */
function minus(counts: Record<string, number>, gone: Record<string, number>): Record<string, number> {
  const left = Object.entries(counts).map(([table, count]) => [table, count - (gone[table] ?? 0)] as const);
  return Object.fromEntries(left.filter(([, count]) => count > 0));
}

/** Every spelling a number is stored or sent in. */
const spelled = (phone: string) => [phone, phone.slice(1)];

describe('erasure erases only what is yours (#41)', () => {
  let app: FastifyInstance;
  const clock = manualClock(new Date());

  beforeAll(async () => {
    app = await buildTestApp({ clock, env: { ADMIN_TOKEN } });
  });

  afterAll(async () => {
    await app?.close();
  });

  async function erase(token: { authorization: string }) {
    return app.inject({ method: 'DELETE', url: '/v1/user', headers: token });
  }

  it('an account that names its victims, then erases itself, leaves their codes, cooldowns, bookings and messages, and they sign in', async () => {
    const victimEmail = freshEmail('victim');
    const victimPhone = freshPhone();
    const holderPhone = freshPhone();
    // The attacker types the victims' address and number as its own before they come (unproven claims).
    const attacker = await createUser(app);
    const claimed = await app.inject({ method: 'PATCH', url: '/v1/user', headers: attacker.headers, payload: { email: victimEmail, phone: { number: victimPhone } } });
    expect(claimed.statusCode).toBe(200);
    // The victims: one signing up by email, with a demo booked; an account holder W signing in by text.
    await sql`insert into bookings (request_id, kind, email, first_name, last_name, company_name, phone)
      values (gen_random_uuid(), 'apply', ${victimEmail}, 'Vic', 'Tim', 'Victim SARL', ${victimPhone})`.execute(app.db);
    expect((await askCode(app, { email: victimEmail })).statusCode).toBe(200);
    const holder = await createUser(app, { phone: holderPhone, phoneConfirmed: true });
    expect((await askCode(app, { phone: holderPhone })).statusCode).toBe(200);
    // A phone factor with W's number is refused; one with a number nobody proved is only a claim.
    const planted = await app.inject({ method: 'POST', url: '/auth/v1/factors', headers: bearer(attacker.token), payload: { factor_type: 'phone', phone: holderPhone } });
    expect(planted.statusCode).toBe(422);
    expect(planted.json()).toMatchObject({ code: 'phone_exists' });
    const claim = await app.inject({ method: 'POST', url: '/auth/v1/factors', headers: bearer(attacker.token), payload: { factor_type: 'phone', phone: victimPhone } });
    expect(claim.statusCode).toBe(200);
    await sql`update auth_users set new_email = ${victimEmail}, new_phone = ${victimPhone} where id = ${attacker.id}`.execute(app.db);

    const victims = [victimEmail, ...spelled(victimPhone), ...spelled(holderPhone)];
    const before = await rowsNaming(app.db, victims);
    expect(before).toMatchObject({ bookings: 1, auth_otps: 2, auth_outbox: 2, auth_send_slots: 2 });
    expect((await erase(attacker.headers)).statusCode).toBe(204);

    // Only the attacker's own claims went (its profile, its pending change, its factor).
    const after = await rowsNaming(app.db, victims);
    expect(after).toEqual(minus(before, { auth_users: 1, profiles: 1, auth_factors: 1 }));
    expect(after).not.toHaveProperty('profiles');
    // The cooldown still holds, and each victim signs in with the code it was sent.
    const again = await askCode(app, { email: victimEmail });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'over_email_send_rate_limit' });
    const victim = await verifyCode(app, { email: victimEmail }, await latestCode(app, victimEmail));
    expect(victim.statusCode).toBe(200);
    const signedIn = await verifyCode(app, { phone: holderPhone }, await latestCode(app, holderPhone));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { id: holder.id } });
  });

  it('erasing what an account proved takes its messages and bookings, never a number another account proved too', async () => {
    const ownEmail = freshEmail('owner');
    const shared = freshPhone();
    const owner = await createUser(app, { email: ownEmail });
    // The owner verified a phone factor with a number another account later signed up with and proved.
    await sql`insert into auth_factors (user_id, factor_type, status, phone, created_at, updated_at) values (${owner.id}, 'phone', 'verified', ${shared}, now(), now())`.execute(app.db);
    const other = await createUser(app, { phone: shared, phoneConfirmed: true });
    await sql`insert into bookings (request_id, kind, email, first_name, last_name, company_name, phone)
      values (gen_random_uuid(), 'apply', ${ownEmail}, 'Own', 'Er', 'Owner SAS', ${freshPhone()})`.execute(app.db);
    expect((await askCode(app, { email: ownEmail })).statusCode).toBe(200);
    expect((await askCode(app, { phone: shared })).statusCode).toBe(200);
    const sharedBefore = await rowsNaming(app.db, spelled(shared));

    // The owner's token needs the second step now: erase through the team instead, by the proved address.
    const response = await app.inject({ method: 'POST', url: '/admin/erasures', headers: admin, payload: { user: ownEmail.toUpperCase() } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user_id: owner.id, rows: { bookings: 1, auth_outbox: 1, auth_otps: 1, auth_users: 1 } });
    // Left: what protects the address (its cooldown slot; its hourly window on Postgres), until it ends.
    expect(Object.keys(await rowsNaming(app.db, [ownEmail])).filter((table) => table !== 'auth_send_slots' && table !== 'rate_limit_hits')).toEqual([]);
    expect(await rowsNaming(app.db, spelled(shared))).toEqual(minus(sharedBefore, { auth_factors: 1 }));
    const signedIn = await verifyCode(app, { phone: shared }, await latestCode(app, shared));
    expect(signedIn.json()).toMatchObject({ user: { id: other.id } });
  });

  it('the team erases a demo booker without an account by email or phone; their address leaves other profiles, the accounts stay', async () => {
    const bookerEmail = freshEmail('booker');
    const bookerPhone = freshPhone();
    const lone = freshPhone();
    const claimant = await createUser(app);
    await app.inject({ method: 'PATCH', url: '/v1/user', headers: claimant.headers, payload: { email: bookerEmail } });
    await sql`insert into bookings (request_id, kind, email, first_name, last_name, company_name, phone) values
      (gen_random_uuid(), 'apply', ${bookerEmail}, 'Boo', 'Ker', 'Booker SA', ${bookerPhone}),
      (gen_random_uuid(), 'call-now', ${freshEmail('someone')}, 'Some', 'One', 'One SA', ${lone})`.execute(app.db);

    const byEmail = await app.inject({ method: 'POST', url: '/admin/erasures', headers: admin, payload: { user: bookerEmail } });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toEqual({ user_id: null, rows: { bookings: 1, profiles: 1 } });
    expect(await rowsNaming(app.db, [bookerEmail, ...spelled(bookerPhone)])).toEqual({});
    expect((await app.inject({ method: 'GET', url: '/v1/user', headers: claimant.headers })).statusCode).toBe(200);

    // A number as the team may type it.
    const spaced = `${lone.slice(0, 3)} ${lone.slice(3, 4)} ${lone.slice(4, 6)} ${lone.slice(6, 8)} ${lone.slice(8)}`;
    const byPhone = await app.inject({ method: 'POST', url: '/admin/erasures', headers: admin, payload: { user: spaced } });
    expect(byPhone.json()).toEqual({ user_id: null, rows: { bookings: 1 } });
    const twice = await app.inject({ method: 'POST', url: '/admin/erasures', headers: admin, payload: { user: bookerEmail } });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toMatchObject({ code: 'NOTHING_TO_ERASE' });
    const nonsense = await app.inject({ method: 'POST', url: '/admin/erasures', headers: admin, payload: { user: 'not a person' } });
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.json()).toMatchObject({ code: 'INVALID_REFERENCE' });
  });

  it('a phone factor cannot be verified with a number another account took after it was enrolled', async () => {
    const number = freshPhone();
    const enroller = await createUser(app);
    const factor = await app.inject({ method: 'POST', url: '/auth/v1/factors', headers: bearer(enroller.token), payload: { factor_type: 'phone', phone: number } });
    expect(factor.statusCode).toBe(200);
    const id = factor.json<{ id: string }>().id;
    const challenge = await app.inject({ method: 'POST', url: `/auth/v1/factors/${id}/challenge`, headers: bearer(enroller.token), payload: {} });
    expect(challenge.statusCode).toBe(200);
    await createUser(app, { phone: number, phoneConfirmed: true });
    const verified = await app.inject({
      method: 'POST',
      url: `/auth/v1/factors/${id}/verify`,
      headers: bearer(enroller.token),
      payload: { challenge_id: challenge.json<{ id: string }>().id, code: await latestCode(app, number) },
    });
    expect(verified.statusCode).toBe(422);
    expect(verified.json()).toMatchObject({ code: 'phone_exists' });
    expect(await sql`select status from auth_factors where id = ${id}`.execute(app.db).then((result) => result.rows)).toEqual([{ status: 'unverified' }]);
  });

  it('a marked account is refused at once, and the retention job finishes an erasure left half-way', async () => {
    const person = await createUser(app, { email: freshEmail('halfway') });
    await sql`update auth_users set erasing_since = ${new Date(clock.now().getTime() - UNFINISHED_ERASURE_MS - 1000)} where id = ${person.id}`.execute(app.db);
    const refused = await app.inject({ method: 'GET', url: '/v1/user', headers: person.headers });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await finishErasures(app.db, { stripe: null, now: clock.now(), settleMs: 0 })).toEqual([person.id]);
    expect(await rowsNaming(app.db, [person.id])).toEqual({});
  });
});
