import { AsyncLocalStorage } from 'node:async_hooks';
import * as pg from 'pg';

/** Runs SQL as TypeORM's `DataSource` does. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

export interface CapturedStatement {
  sql: string;
  parameters: unknown[];
}

/**
 * Records the statements `db.query` runs from now until `stop()` on behalf of the caller, those
 * `wanted` picks; they still run as before. Only statements of the caller's own asynchronous
 * context count: the process's timers and workers, started before (a reconciler's pass), use
 * the same data source meanwhile and are left out.
 */
export function captureStatements(
  db: SqlRunner,
  wanted: (sql: string) => boolean,
): { statements: CapturedStatement[]; stop: () => void } {
  const statements: CapturedStatement[] = [];
  const caller = new AsyncLocalStorage<true>();
  caller.enterWith(true);
  const query = db.query.bind(db);
  const spy = jest.spyOn(db, 'query').mockImplementation((sql, parameters) => {
    if (caller.getStore() && wanted(sql)) statements.push({ sql, parameters: parameters ?? [] });
    return query(sql, parameters);
  });
  return { statements, stop: () => spy.mockRestore() };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** One session of its own (a connection held until released), as TypeORM's `DataSource` gives. */
export interface SessionSource {
  createQueryRunner(): {
    connect(): Promise<unknown>;
    query(sql: string, parameters?: unknown[]): Promise<unknown>;
    release(): Promise<void>;
  };
}

type ExplainAnswer = { 'QUERY PLAN': { Plan: PlanNode }[] }[];

/**
 * How the plan of a statement reaches `table`: each scan of the table or of one of its indexes
 * (named after it, as PostgreSQL names them), as "<node type> <index>". The heap scan of a
 * bitmap and the node of an UPDATE are left out: they follow from the scan that found the rows.
 */
export async function tableReads(
  db: SqlRunner,
  { sql, parameters }: CapturedStatement,
  table: string,
): Promise<string[]> {
  const answer = (await db.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters)) as ExplainAnswer;
  return readsOf(answer, table);
}

/**
 * `tableReads` of the generic plan: the one PostgreSQL may keep for a prepared statement (see
 * `prepared()` in @cw/db) after five runs, planned without the parameters' values.
 */
export async function genericPlanTableReads(
  db: SessionSource,
  { sql, parameters }: CapturedStatement,
  table: string,
): Promise<string[]> {
  const session = db.createQueryRunner();
  await session.connect();
  try {
    await session.query('SET plan_cache_mode = force_generic_plan');
    await session.query(`PREPARE generic_plan_probe AS ${sql}`);
    // EXPLAIN EXECUTE takes no bound parameters: the values go in as literals.
    const answer = (await session.query(
      `EXPLAIN (FORMAT JSON) EXECUTE generic_plan_probe(${parameters.map(literalOf).join(', ')})`,
    )) as ExplainAnswer;
    return readsOf(answer, table);
  } finally {
    // Only its own: the pool's connection keeps the statements the data source prepared on it.
    await session.query('DEALLOCATE generic_plan_probe').catch(() => undefined);
    await session.query('RESET plan_cache_mode').catch(() => undefined);
    await session.release();
  }
}

/** node-postgres's own conversion of a parameter to the text it sends (not in @types/pg). */
const { prepareValue } = (
  pg as unknown as { utils: { prepareValue: (value: unknown) => string | Buffer | null } }
).utils;

/** A parameter as a SQL literal, in the text form the driver would have sent it in. */
function literalOf(value: unknown): string {
  const text = prepareValue(value);
  if (text === null) return 'NULL';
  return pg.escapeLiteral(Buffer.isBuffer(text) ? `\\x${text.toString('hex')}` : text);
}

function readsOf([{ 'QUERY PLAN': plan }]: ExplainAnswer, table: string): string[] {
  const nodes: PlanNode[] = [];
  const visit = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) visit(child);
  };
  for (const root of plan) visit(root.Plan);
  return nodes
    .filter(
      (node) => node['Relation Name'] === table || node['Index Name']?.startsWith(`${table}_`),
    )
    .filter((node) => !['Bitmap Heap Scan', 'ModifyTable'].includes(node['Node Type']))
    .map((node) => `${node['Node Type']} ${node['Index Name'] ?? ''}`.trim());
}
