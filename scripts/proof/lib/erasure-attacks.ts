/**
 * proof:abuse's erasure cases (#41), run on the same instances as the other attacks (instance `a`
 * erases, instance `b` is the other one of two on one Postgres):
 *
 *   claimant erases      an account types its victims' address and number (profile, a phone factor),
 *                        erases itself: the victims' rows lost, whether each signs in with its code
 *   holder's number      a phone factor with another account holder's number accepted
 *   erase-and-send loop  ten anonymous sign-ups each name one address, erase themselves, ask it a code
 *   erased token         the erased person's token on the other instance during and after the
 *                        erasure: 5xx answers, and answers accepted once the erasure has answered
 *   residue              rows naming the erased id after the erasure (its lookup window included)
 *   booker               the team erases a demo booker without an account by email (kyc-admin erase)
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';
import type { Cell } from './report';

export interface Client {
  url: string;
  apikey: string;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** proof:abuse's own helpers, handed over so both speak to the servers the same way. */
export interface ErasureTools {
  clients: Client[];
  db: Kysely<Database>;
  call(client: Client, method: string, path: string, options: { ip: string; token?: string; body?: unknown }): Promise<Answer>;
  latestCode(client: Client, recipient: string): Promise<string>;
  signInByText(client: Client, phone: string): Promise<{ token: string; ip: string }>;
  freshPhone(): string;
  freshAddress(): string;
}

const LOOP_ROUNDS = 10;
const HAMMER_AFTER_MS = 1_500;

/** Rows of any table whose text mentions one of these values. */
async function rowsNaming(db: Kysely<Database>, values: string[]): Promise<number> {
  const { rows: tables } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = 'public' and c.relkind = 'r'`.execute(db);
  let total = 0;
  for (const { name } of tables) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(name)} t where t::text ilike any(${values.map((value) => `%${value}%`)}::text[])`.execute(db);
    total += Number(rows[0]?.n ?? 0);
  }
  return total;
}

const subjectOf = (token: string) => String((JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub?: string }).sub ?? '');

export async function erasureAttacks(tools: ErasureTools): Promise<Record<string, Cell>> {
  const [claimant, loop, booker] = await Promise.all([claimantErases(tools), eraseAndSendLoop(tools), bookerWithoutAccount(tools)]);
  return { ...claimant, ...loop, ...booker };
}

/** The claimant case; the claimant's own token is the erased token hammered on the other instance. */
async function claimantErases(tools: ErasureTools): Promise<Record<string, Cell>> {
  const { clients, call, latestCode, db } = tools;
  const a = clients[0]!;
  const b = clients[clients.length - 1]!;
  const victimEmail = `victim-${randomUUID()}@ringwise-company.fr`;
  const victimPhone = tools.freshPhone();
  const holderPhone = tools.freshPhone();
  const attacker = await tools.signInByText(a, tools.freshPhone());
  await call(a, 'PATCH', '/v1/user', { ip: attacker.ip, token: attacker.token, body: { email: victimEmail, phone: { number: victimPhone } } });
  await call(a, 'POST', '/v1/bookings', {
    ip: tools.freshAddress(),
    body: { requestId: randomUUID(), kind: 'apply', email: victimEmail, firstName: 'Vic', lastName: 'Tim', companyName: 'Victim SARL', phone: victimPhone },
  });
  const victimIp = tools.freshAddress();
  await call(a, 'POST', '/auth/v1/otp', { ip: victimIp, body: { email: victimEmail } });
  const holder = await tools.signInByText(a, holderPhone);
  await call(a, 'POST', '/auth/v1/otp', { ip: holder.ip, body: { phone: holderPhone } });
  const planted = await call(a, 'POST', '/auth/v1/factors', { ip: attacker.ip, token: attacker.token, body: { factor_type: 'phone', phone: holderPhone } });
  await call(a, 'POST', '/auth/v1/factors', { ip: attacker.ip, token: attacker.token, body: { factor_type: 'phone', phone: victimPhone } });
  const victims = [victimEmail, victimPhone, victimPhone.slice(1), holderPhone, holderPhone.slice(1)];
  const erasedId = subjectOf(attacker.token);
  // The victims' rows: every row naming them but the attacker's own claims (its profile, its factor), which go with it.
  const { rows: claimRows } = await sql<{ n: number }>`
    select (select count(*) from profiles where user_id = ${erasedId}) + (select count(*) from auth_factors where user_id = ${erasedId})::int as n`.execute(db);
  const before = (await rowsNaming(db, victims)) - Number(claimRows[0]?.n ?? 0);

  const hammer = await hammerDuringErasure(tools, b, attacker, () => call(a, 'DELETE', '/v1/user', { ip: attacker.ip, token: attacker.token }));
  const lost = before - (await rowsNaming(db, victims));
  const victim = await call(b, 'POST', '/auth/v1/verify', { ip: victimIp, body: { type: 'email', email: victimEmail, token: await latestCode(a, victimEmail) } });
  const signedIn = await call(b, 'POST', '/auth/v1/verify', { ip: holder.ip, body: { type: 'sms', phone: holderPhone, token: await latestCode(a, holderPhone) } });
  return {
    "claimant erases: victims' rows lost": Math.max(0, lost),
    'claimant erases: victim signs in with its code': victim.status === 200 ? 'yes' : 'no',
    'claimant erases: holder signs in with its code': signedIn.status === 200 ? 'yes' : 'no',
    "phone factor on a holder's number accepted": planted.status === 200 ? 'yes' : 'no',
    'erased token: 5xx answers': hammer.failed,
    'erased token: accepted after erasure': hammer.acceptedAfter,
    'erasure residue: rows naming the erased id': await rowsNaming(db, [erasedId]),
  };
}

/** The person keeps using the other instance while `erase` runs on the first, and 1.5 s after it answered. */
async function hammerDuringErasure(tools: ErasureTools, other: Client, person: { token: string; ip: string }, erase: () => Promise<Answer>) {
  await tools.call(other, 'GET', '/v1/user', { ip: person.ip, token: person.token });
  let erasedAt = Number.POSITIVE_INFINITY;
  let stopAt = Number.POSITIVE_INFINITY;
  let failed = 0;
  let acceptedAfter = 0;
  const keepCalling = async () => {
    for (let round = 0; performance.now() < stopAt; round += 1) {
      const sent = performance.now();
      const answer =
        round % 2 === 0
          ? await tools.call(other, 'GET', '/v1/user', { ip: person.ip, token: person.token })
          : await tools.call(other, 'PATCH', '/v1/user/data', { ip: person.ip, token: person.token, body: { round } });
      if (answer.status >= 500) failed += 1;
      if (sent > erasedAt && answer.status < 400) acceptedAfter += 1;
    }
  };
  const calling = keepCalling();
  await erase();
  erasedAt = performance.now();
  stopAt = erasedAt + HAMMER_AFTER_MS;
  await calling;
  return { failed, acceptedAfter };
}

/** Ten anonymous sign-ups at once each name one address, erase themselves and ask it a code (the issue: 25 of 25 got through). */
async function eraseAndSendLoop(tools: ErasureTools): Promise<Record<string, Cell>> {
  const { clients, call } = tools;
  const target = `loop-${randomUUID()}@ringwise-company.fr`;
  await call(clients[0]!, 'POST', '/auth/v1/otp', { ip: tools.freshAddress(), body: { email: target } });
  await Promise.all(
    Array.from({ length: LOOP_ROUNDS }, async (_, index) => {
      const client = clients[index % clients.length]!;
      const ip = tools.freshAddress();
      const anonymous = await call(client, 'POST', '/auth/v1/signup', { ip, body: {} });
      const token = String(anonymous.body.access_token ?? '');
      await call(client, 'PATCH', '/v1/user', { ip, token, body: { email: target } });
      await call(client, 'DELETE', '/v1/user', { ip, token });
      await call(client, 'POST', '/auth/v1/otp', { ip, body: { email: target } });
    }),
  );
  const outbox = await call(clients[0]!, 'GET', `/dev/outbox.json?recipient=${encodeURIComponent(target)}`, { ip: '' });
  return { [`erase-and-send loop: emails to one address (${LOOP_ROUNDS} rounds)`]: ((outbox.body.messages as unknown[] | undefined) ?? []).length };
}

/** The team erases a demo booker who never made an account, by the email they booked with. */
async function bookerWithoutAccount(tools: ErasureTools): Promise<Record<string, Cell>> {
  const { clients, call, db } = tools;
  const email = `booker-${randomUUID()}@ringwise-company.fr`;
  await call(clients[0]!, 'POST', '/v1/bookings', {
    ip: tools.freshAddress(),
    body: { requestId: randomUUID(), kind: 'call-now', email, firstName: 'Boo', lastName: 'Ker', companyName: 'Booker SA', phone: tools.freshPhone() },
  });
  const booked = await rowsNaming(db, [email]);
  // The team's route, from this machine (no forwarding header: the development server's local admin).
  const erased = await call(clients[0]!, 'POST', '/admin/erasures', { ip: '', body: { user: email } });
  return { 'booker without account: rows left (of booked)': `${await rowsNaming(db, [email])} of ${booked}${erased.status === 200 ? '' : ` (${erased.status})`}` };
}

/** What fails the verdict: any victim row lost or sign-in refused, any 5xx or acceptance after erasure, any residue, more than one email. */
export function erasureFailures(label: string, findings: Record<string, Cell>): string[] {
  const failures: string[] = [];
  const is = (name: string, value: Cell) => findings[name] === value;
  if (!is("claimant erases: victims' rows lost", 0)) failures.push(`${label}: an erasure took rows of the people its account only named`);
  if (!is('claimant erases: victim signs in with its code', 'yes') || !is('claimant erases: holder signs in with its code', 'yes')) failures.push(`${label}: a victim could not sign in after a claimant's erasure`);
  if (!is("phone factor on a holder's number accepted", 'no')) failures.push(`${label}: a phone factor took another account holder's number`);
  if (!is('erased token: 5xx answers', 0) || !is('erased token: accepted after erasure', 0)) failures.push(`${label}: an erased token was a 5xx or accepted after the erasure`);
  if (!is('erasure residue: rows naming the erased id', 0)) failures.push(`${label}: rows still name the erased id`);
  const loop = Object.entries(findings).find(([name]) => name.startsWith('erase-and-send loop'))?.[1];
  if (Number(loop) > 1) failures.push(`${label}: erasing and sending again got more than one email to one address`);
  if (!String(findings['booker without account: rows left (of booked)']).startsWith('0 of ')) failures.push(`${label}: the team could not erase a booker without an account`);
  return failures;
}
