import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/client';
import { loadMigrations, migrate } from '../../../server/db/migrate';
import { createTestDatabase } from '../../helpers/database';

describe('migrations', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('records every migration file once', async () => {
    const rows = await database.db.selectFrom('schema_migrations').select('version').orderBy('version').execute();
    expect(rows.map((row) => row.version)).toEqual(loadMigrations().map((migration) => migration.version));
  });

  it('applies nothing the second time', async () => {
    expect(await migrate(database.db)).toEqual([]);
  });

  it('rolls back a failing migration whole, recording nothing', async () => {
    const broken = [
      { version: '9998_good_part', sql: 'create table half_done (id int)' },
      { version: '9999_bad_part', sql: 'select * from table_that_does_not_exist' },
    ];
    await expect(migrate(database.db, [...loadMigrations(), ...broken])).rejects.toThrow();
    const recorded = await database.db.selectFrom('schema_migrations').select('version').where('version', 'like', '999%').execute();
    expect(recorded).toEqual([]);
    const table = await sql<{ name: string | null }>`select to_regclass('half_done')::text as name`.execute(database.db);
    expect(table.rows[0]?.name).toBeNull();
  });
});

describe('multi-statement migrations', () => {
  it('runs every statement of one file', async () => {
    const database = await createTestDatabase();
    try {
      await migrate(database.db, [
        ...loadMigrations(),
        { version: '9000_two_statements', sql: 'create table two_a (id int); create table two_b (id int); insert into two_b values (1);' },
      ]);
      const rows = await sql<{ id: number }>`select id from two_b`.execute(database.db);
      expect(rows.rows).toEqual([{ id: 1 }]);
    } finally {
      await database.close();
    }
  });
});
