import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';

/** Rows, per table, whose text mentions any of these values (every column, JSON and message bodies included). */
export async function rowsNaming(db: Kysely<Database>, values: string[]): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = 'public' and c.relkind = 'r'`.execute(db);
  const patterns = values.map((value) => `%${value}%`);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(name)} t where t::text ilike any(${patterns}::text[])`.execute(db);
    if (Number(rows[0]?.n) > 0) counts[name] = Number(rows[0]?.n);
  }
  return counts;
}

/** Whether the database has this table (the ways in other work adds: passkeys #36, providers #35). */
export async function hasTable(db: Kysely<Database>, name: string): Promise<boolean> {
  const { rows } = await sql`select 1 from information_schema.tables where table_schema = 'public' and table_name = ${name}`.execute(db);
  return rows.length > 0;
}

// As supabase-js sends them: the API version header selects GoTrue's { code, message } error body.
const wire = { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' };

/** The latest code the dev outbox holds for a recipient ('' when none). */
export async function latestCode(app: FastifyInstance, recipient: string): Promise<string> {
  const outbox = await app.inject({ method: 'GET', url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}` });
  return outbox.json<{ messages: { code: string | null }[] }>().messages[0]?.code ?? '';
}

/** Asks a sign-in (or sign-up) code for an email or a phone, as supabase-js does. */
export async function askCode(app: FastifyInstance, to: { email: string } | { phone: string }, ip = '203.0.113.200') {
  return app.inject({ method: 'POST', url: '/auth/v1/otp', headers: wire, remoteAddress: ip, payload: to });
}

/** Verifies the code the recipient was sent; answers the session (or GoTrue's error). */
export async function verifyCode(app: FastifyInstance, to: { email: string } | { phone: string }, code: string, ip = '203.0.113.200') {
  const type = 'email' in to ? 'email' : 'sms';
  return app.inject({ method: 'POST', url: '/auth/v1/verify', headers: wire, remoteAddress: ip, payload: { type, ...to, token: code } });
}

/** Headers of a signed-in supabase-js client with this access token. */
export const bearer = (token: string) => ({ ...wire, authorization: `Bearer ${token}` });
