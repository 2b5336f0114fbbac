/**
 * Putting a test file's database back as the migrated image left it, so the next file can be lent
 * it instead of a new one (#40.3): the embedded pool (tests/helpers/pglite-pool.ts) and the Postgres
 * pass (tests/helpers/database.ts) share it. Every table emptied, the rows the migrations seeded put
 * back, every sequence where the image left it, tables made since (pg-boss makes one per queue)
 * dropped. Then its catalog (schemas, tables with their planner statistics, columns, constraints,
 * functions, triggers, roles) must read exactly as the image's; a database that differs in any way
 * is not lent again. What the next file sees is what a fresh copy of the image would show to a query.
 *
 * Rows go by DELETE, not TRUNCATE: a TRUNCATE gives every table and index a new file, and on the
 * Postgres server making files was the pass's largest cost (a fresh CREATE DATABASE … TEMPLATE, ~550
 * files, took 0.03–0.3 CPU-s of the kernel's inode search; docs/testing.md). The dead rows a DELETE
 * leaves are invisible to queries; a file that ran ANALYZE changed its tables' statistics, which the
 * catalog check sees, so its database is not lent again.
 */

/** What the saved images hold besides the migrations (part of their names: a change makes new ones). */
export const imageRecipe = 'migrated; the app started once for its job queues';

/** What both clients offer: pg's Client and PGlite answer `query` alike. */
export interface ResetConnection {
  query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface Baseline {
  tables: string[];
  seeds: { table: string; rows: string }[];
  sequences: { name: string; value: string; called: boolean }[];
  catalog: string;
}

const systemSchema = `n.nspname in ('pg_catalog', 'information_schema') or n.nspname like 'pg\\_%'`;
const tablesQuery = `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p') and not (${systemSchema}) order by 1`;
const sequencesQuery = `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' and not (${systemSchema}) order by 1`;
const catalogQuery = `select md5(coalesce(string_agg(x, E'\\n' order by x), '')) as catalog from (
  select 'class ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' ' || c.reltuples::text as x from pg_class c join pg_namespace n on n.oid = c.relnamespace where not (${systemSchema})
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

const names = async (db: ResetConnection, query: string) => (await db.query<{ name: string }>(query)).rows.map((row) => row.name);
const catalogOf = async (db: ResetConnection) => (await db.query<{ catalog: string }>(catalogQuery)).rows[0]!.catalog;

/** Reads what a freshly copied image holds: run on a database no test has used. */
export async function readBaseline(db: ResetConnection): Promise<Baseline> {
  const tables = await names(db, tablesQuery);
  const seeds: Baseline['seeds'] = [];
  for (const table of tables) {
    const { rows } = await db.query<{ rows: string | null }>(`select json_agg(t)::text as rows from ${table} t`);
    if (rows[0]?.rows) seeds.push({ table, rows: rows[0].rows });
  }
  const sequences: Baseline['sequences'] = [];
  for (const name of await names(db, sequencesQuery)) {
    const { rows } = await db.query<{ value: string; called: boolean }>(`select last_value::text as value, is_called as called from ${name}`);
    sequences.push({ name, ...rows[0]! });
  }
  return { tables, seeds, sequences, catalog: await catalogOf(db) };
}

/** Puts a closed file's database back as the image left it; false when it cannot be (then it is not lent again). */
export async function putBack(db: ResetConnection, image: Baseline): Promise<boolean> {
  try {
    const made = (await names(db, tablesQuery)).filter((table) => !image.tables.includes(table));
    if (made.length) await db.query(`drop table if exists ${made.join(', ')} cascade`);
    await restoreRows(db, image);
    return (await catalogOf(db)) === image.catalog;
  } catch {
    return false;
  }
}

/**
 * Every row of `tables` deleted, the seeded ones put back as they were, every sequence where it was.
 * Foreign keys and triggers are not run (as a TRUNCATE runs none): every row goes, and the seeded
 * rows come back with their references holding as in the image.
 */
async function restoreRows(db: ResetConnection, image: Omit<Baseline, 'catalog'>): Promise<void> {
  await db.query('begin');
  try {
    await db.query('set local session_replication_role = replica');
    for (const table of image.tables) await db.query(`delete from ${table}`);
    for (const seed of image.seeds) await db.query(`insert into ${seed.table} select * from json_populate_recordset(null::${seed.table}, $1::json)`, [seed.rows]);
    for (const sequence of image.sequences) await db.query('select setval($1::regclass, $2::bigint, $3)', [sequence.name, sequence.value, sequence.called]);
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

/**
 * Makes an image a database the app has started on once, not only migrated: its job queues made
 * (pg-boss gives each queue a table and indexes, and each file's app made its three again: ~340
 * times in the Postgres pass, 10 s of the server's time, and the files' resets dropped them). What
 * else that start wrote (a signing key, settings, the analytics key) is put back, so each file's app
 * still makes its own. A first start on an empty database is proved where it happens: the server
 * process (tests/server/foundation/process.test.ts) and the job queue's own tests (other queues).
 */
export async function makeJobQueues(db: ResetConnection, startApp: () => Promise<void>): Promise<void> {
  const migrated = await readBaseline(db);
  await startApp();
  const outsideQueues = (table: string) => !table.startsWith('pgboss.');
  await restoreRows(db, { tables: migrated.tables.filter(outsideQueues), seeds: migrated.seeds.filter((seed) => outsideQueues(seed.table)), sequences: migrated.sequences });
}
