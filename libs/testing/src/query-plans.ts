/** Runs SQL as TypeORM's `DataSource` does. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

export interface CapturedStatement {
  sql: string;
  parameters: unknown[];
}

/**
 * Records the statements `db.query` runs from now until `stop()`, those `wanted` picks (other
 * parts of the process may use the same data source meanwhile); they still run as before.
 */
export function captureStatements(
  db: SqlRunner,
  wanted: (sql: string) => boolean,
): { statements: CapturedStatement[]; stop: () => void } {
  const statements: CapturedStatement[] = [];
  const query = db.query.bind(db);
  const spy = jest.spyOn(db, 'query').mockImplementation((sql, parameters) => {
    if (wanted(sql)) statements.push({ sql, parameters: parameters ?? [] });
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
  const [{ 'QUERY PLAN': plan }] = (await db.query(`EXPLAIN (FORMAT JSON) ${sql}`, parameters)) as {
    'QUERY PLAN': { Plan: PlanNode }[];
  }[];
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
