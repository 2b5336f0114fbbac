import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../helpers/database';

// #40.3: a test file's database is reused once put back as the migrated image left it
// (tests/helpers/database-reset.ts): the embedded one (tests/helpers/pglite-pool.ts) and, in the
// Postgres pass, the server's (tests/helpers/database.ts). The next file must see what a fresh copy
// would show.
const onPostgres = process.env.TEST_DATABASE === 'postgres';

describe('a reused test database', () => {
  it('comes back empty but for the rows the migrations seeded, with no table, lock, setting or sequence left behind', async () => {
    const first = await createTestDatabase();
    const firstName = (await sql<{ name: string }>`select current_database() as name`.execute(first.db)).rows[0]!.name;
    const firstId = (await sql<{ id: string }>`select nextval('analytics_events_id_seq')::text as id`.execute(first.db)).rows[0]!.id;
    const seeded = (await sql<{ n: number }>`select count(*)::int as n from plan_prices`.execute(first.db)).rows[0]!.n;
    expect(seeded).toBeGreaterThan(0);
    const migrations = (await sql<{ n: number }>`select count(*)::int as n from schema_migrations`.execute(first.db)).rows[0]!.n;
    await sql`delete from plan_prices`.execute(first.db);
    await sql`insert into schema_migrations (version) values ('9999_left_behind')`.execute(first.db);
    await sql`create table public.left_behind (id int)`.execute(first.db);
    await sql`select pg_advisory_lock(4242)`.execute(first.db);
    await sql`set statement_timeout = 1234`.execute(first.db);
    await first.close();

    const next = await createTestDatabase();
    try {
      // On the Postgres server, the same database: a copy for every file was the pass's largest cost.
      if (onPostgres) expect((await sql<{ name: string }>`select current_database() as name`.execute(next.db)).rows[0]!.name).toBe(firstName);
      // A sequence starts where the image left it: the next row gets the id the first file's got.
      expect((await sql<{ id: string }>`select nextval('analytics_events_id_seq')::text as id`.execute(next.db)).rows[0]!.id).toBe(firstId);
      expect((await sql<{ n: number }>`select count(*)::int as n from plan_prices`.execute(next.db)).rows[0]!.n).toBe(seeded);
      expect((await sql<{ n: number }>`select count(*)::int as n from schema_migrations`.execute(next.db)).rows[0]!.n).toBe(migrations);
      expect((await sql<{ name: string | null }>`select to_regclass('public.left_behind')::text as name`.execute(next.db)).rows[0]!.name).toBeNull();
      expect((await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`.execute(next.db)).rows[0]!.n).toBe(0);
      expect((await sql<{ value: string }>`select current_setting('statement_timeout') as value`.execute(next.db)).rows[0]!.value).toBe('0');
    } finally {
      await next.close();
    }
  });

  it('is not reused when its planner statistics differ from the image (ANALYZE run on its tables)', async () => {
    const first = await createTestDatabase();
    const image = (await sql<{ tuples: number }>`select reltuples::float8 as tuples from pg_class where relname = 'plan_prices'`.execute(first.db)).rows[0]!.tuples;
    await sql`delete from plan_prices`.execute(first.db);
    await sql`analyze plan_prices`.execute(first.db);
    await first.close();
    const next = await createTestDatabase();
    try {
      expect((await sql<{ tuples: number }>`select reltuples::float8 as tuples from pg_class where relname = 'plan_prices'`.execute(next.db)).rows[0]!.tuples).toBe(image);
    } finally {
      await next.close();
    }
  });

  it('is not reused when its catalog differs from the image (here: a function made and kept)', async () => {
    const first = await createTestDatabase();
    await sql`create function public.left_behind() returns int language sql as 'select 1'`.execute(first.db);
    await first.close();
    const next = await createTestDatabase();
    try {
      expect((await sql<{ n: number }>`select count(*)::int as n from pg_proc where proname = 'left_behind'`.execute(next.db)).rows[0]!.n).toBe(0);
    } finally {
      await next.close();
    }
  });
});
