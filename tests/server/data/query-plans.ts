import { CompiledQuery, sql, type Kysely, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import type { Database } from '../../../server/db/schema';

/** Every statement a Kysely instance sends, compiled with its parameters (a plugin that changes nothing). */
export class QueryRecorder implements KyselyPlugin {
  readonly queries: CompiledQuery[] = [];
  recording = false;

  constructor(private readonly base: Kysely<Database>) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.recording) this.queries.push(this.base.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** The statements `run` sends. */
  async during(run: () => Promise<unknown>): Promise<CompiledQuery[]> {
    this.queries.length = 0;
    this.recording = true;
    try {
      await run();
    } finally {
      this.recording = false;
    }
    return [...this.queries];
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

export interface SequentialScan {
  relation: string;
  rows: number;
  sql: string;
}

/** Tables holding at least `minRows` rows (the planner's estimate, after ANALYZE). */
export async function largeTables(db: Kysely<Database>, minRows: number): Promise<Map<string, number>> {
  const { rows } = await sql<{ name: string; rows: number }>`
    select c.relname as name, c.reltuples::bigint as rows from pg_class c join pg_namespace s on s.oid = c.relnamespace
    where s.nspname = 'public' and c.relkind = 'r' and c.reltuples >= ${minRows}`.execute(db);
  return new Map(rows.map((row) => [row.name, Number(row.rows)]));
}

const EXPLAINABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** Sequential scans of large tables in the plans of these statements (EXPLAIN, not run). */
export async function sequentialScans(db: Kysely<Database>, queries: CompiledQuery[], large: Map<string, number>): Promise<SequentialScan[]> {
  const found: SequentialScan[] = [];
  const seen = new Set<string>();
  for (const query of queries) {
    if (!EXPLAINABLE.test(query.sql) || seen.has(query.sql)) continue;
    seen.add(query.sql);
    const result = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]));
    const raw = result.rows[0]?.['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    const visit = (node: PlanNode) => {
      if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && large.has(node['Relation Name'])) {
        found.push({ relation: node['Relation Name'], rows: large.get(node['Relation Name'])!, sql: query.sql });
      }
      node.Plans?.forEach(visit);
    };
    plan.forEach((entry) => visit(entry.Plan));
  }
  return found;
}
