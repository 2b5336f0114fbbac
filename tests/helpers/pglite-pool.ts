import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { pgliteSettings, type DatabaseHandle } from '../../server/db/client';
import { PGliteDialect } from '../../server/db/pglite-dialect';
import type { Database } from '../../server/db/schema';
import { WriteWatch } from '../../server/db/write-watch';
import { migratedPGliteImage } from './pglite-template';

/**
 * Embedded test databases, reused (#40.3). Opening a PGlite from the saved image costs ~0.6 s of CPU
 * (untar into memory, then Postgres' start in WebAssembly), and the PGlite pass opens ~150. A file's
 * database, once closed, is put back as the image left it instead: every table emptied (TRUNCATE …
 * RESTART IDENTITY), the rows the migrations seeded put back, the session reset (DISCARD ALL:
 * settings, prepared statements, advisory locks, temporary tables), tables made since (pg-boss makes
 * one per queue) dropped. Then its catalog (schemas, tables, columns, constraints, functions,
 * triggers, roles) must read exactly as the image's; a database that differs in any way is closed,
 * never reused. What the next file sees is what a fresh copy of the image would show to a query.
 */

interface Baseline {
  tables: string[];
  seeds: { table: string; rows: string }[];
  catalog: string;
}

const systemSchema = `n.nspname in ('pg_catalog', 'information_schema') or n.nspname like 'pg\\_%'`;
const tablesQuery = `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p') and not (${systemSchema}) order by 1`;
const catalogQuery = `select md5(coalesce(string_agg(x, E'\\n' order by x), '')) as catalog from (
  select 'class ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text as x from pg_class c join pg_namespace n on n.oid = c.relnamespace where not (${systemSchema})
  union all select 'column ' || c.oid::regclass::text || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attnum > 0 and not a.attisdropped and not (${systemSchema})
  union all select 'constraint ' || o.conrelid::regclass::text || ' ' || o.conname || ' ' || pg_get_constraintdef(o.oid) from pg_constraint o join pg_namespace n on n.oid = o.connamespace where not (${systemSchema})
  union all select 'function ' || n.nspname || '.' || p.proname || ' ' || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where not (${systemSchema})
  union all select 'trigger ' || t.tgrelid::regclass::text || ' ' || t.tgname || ' ' || t.tgenabled::text from pg_trigger t where not t.tgisinternal
  union all select 'schema ' || nspname from pg_namespace
  union all select 'role ' || rolname from pg_roles
  union all select 'extension ' || extname || ' ' || extversion from pg_extension
) catalog`;

let baseline: Baseline | undefined;
const idle: PGlite[] = [];
/** Databases kept open for the next file; each holds its WebAssembly memory (~100 MB). */
const MAX_IDLE = 2;

async function readBaseline(pglite: PGlite): Promise<Baseline> {
  const tables = (await pglite.query<{ name: string }>(tablesQuery)).rows.map((row) => row.name);
  const seeds: Baseline['seeds'] = [];
  for (const table of tables) {
    const { rows } = await pglite.query<{ rows: string | null }>(`select json_agg(t)::text as rows from ${table} t`);
    if (rows[0]?.rows) seeds.push({ table, rows: rows[0].rows });
  }
  const catalog = (await pglite.query<{ catalog: string }>(catalogQuery)).rows[0]!.catalog;
  return { tables, seeds, catalog };
}

/** Puts a closed file's database back as the image left it; false when it cannot be (then it is closed). */
async function putBack(pglite: PGlite, image: Baseline): Promise<boolean> {
  try {
    await pglite.exec('rollback');
    await pglite.exec('discard all');
    const tables = (await pglite.query<{ name: string }>(tablesQuery)).rows.map((row) => row.name);
    const made = tables.filter((table) => !image.tables.includes(table));
    if (made.length) await pglite.exec(`drop table if exists ${made.join(', ')} cascade`);
    await pglite.transaction(async (trx) => {
      await trx.exec(`truncate ${image.tables.join(', ')} restart identity cascade`);
      // The seeded rows go back as they were; their foreign keys hold, as in the image.
      await trx.exec(`set local session_replication_role = replica`);
      for (const seed of image.seeds) await trx.query(`insert into ${seed.table} select * from json_populate_recordset(null::${seed.table}, $1::json)`, [seed.rows]);
    });
    return (await pglite.query<{ catalog: string }>(catalogQuery)).rows[0]!.catalog === image.catalog;
  } catch {
    return false;
  }
}

async function release(pglite: PGlite): Promise<void> {
  if (baseline && idle.length < MAX_IDLE && (await putBack(pglite, baseline))) idle.push(pglite);
  else await pglite.close();
}

/** A migrated embedded database, fresh from the image or put back as the image left it. */
export async function pooledPGlite(): Promise<DatabaseHandle> {
  let pglite = idle.pop();
  if (!pglite) {
    // As server/db/client.ts opens an in-memory database from a saved image, with its settings.
    const startParams = [...PGlite.defaultStartParams, ...Object.entries(pgliteSettings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
    pglite = new PGlite({ startParams, loadDataDir: await migratedPGliteImage() });
    await pglite.waitReady;
    baseline ??= await readBaseline(pglite);
  }
  const own = pglite;
  const writes = new WriteWatch();
  let closed = false;
  // Kysely closes its driver's PGlite on destroy: this one goes back to the pool instead.
  const lent = new Proxy(own, {
    get(target, key) {
      if (key === 'close') return async () => {};
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  const db = new Kysely<Database>({ dialect: writes.wrap(new PGliteDialect(lent)) });
  return {
    db,
    kind: 'pglite',
    writes,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await release(own);
    },
  };
}
