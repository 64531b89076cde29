import type { BenchData } from './bench-context';
import { prepareData, releaseData } from './bench-context';
import { readBenchOptions } from './bench-options';
import { type BenchReport, type Check, checksTable, fixed, printReport, table } from './report';

export const SEED_LIMIT_SECONDS = 120;

/** Rows of the seed that break the schema's intent (each count must be 0). */
const CONSISTENCY = [
  {
    label: 'pages without their version 1',
    sql: `SELECT count(*)::int AS n FROM wiki.pages p
           WHERE p.company_id = ANY($1::uuid[])
             AND NOT EXISTS (SELECT 1 FROM wiki.page_versions v
                              WHERE v.page_id = p.id AND v.version = 1 AND v.content_md = p.content_md)`,
  },
  {
    label: 'authors who are not members of the page company',
    sql: `SELECT count(*)::int AS n FROM wiki.pages p
           WHERE p.company_id = ANY($1::uuid[])
             AND NOT EXISTS (SELECT 1 FROM identity.memberships m
                              WHERE m.company_id = p.company_id AND m.person_id = p.created_by)`,
  },
  {
    label: 'private pages of another person than the author',
    sql: `SELECT count(*)::int AS n FROM wiki.pages p
           WHERE p.company_id = ANY($1::uuid[]) AND p.lane = 'private' AND p.lane_owner_id <> p.created_by`,
  },
  {
    label: 'team pages of a team not of the company or without the author',
    sql: `SELECT count(*)::int AS n FROM wiki.pages p
           WHERE p.company_id = ANY($1::uuid[]) AND p.lane = 'team'
             AND NOT EXISTS (SELECT 1 FROM identity.teams t
                               JOIN identity.team_memberships tm ON tm.team_id = t.id
                              WHERE t.id = p.lane_owner_id AND t.company_id = p.company_id
                                AND tm.person_id = p.created_by)`,
  },
  {
    label: 'pages whose folder path differs from their folder',
    sql: `SELECT count(*)::int AS n FROM wiki.pages p JOIN wiki.folders f ON f.id = p.folder_id
           WHERE p.company_id = ANY($1::uuid[])
             AND (f.path <> p.folder_path OR f.lane <> p.lane
                  OR f.lane_owner_id IS DISTINCT FROM p.lane_owner_id OR f.company_id <> p.company_id)`,
  },
];

/** C: how long the seed took and whether its rows hold together. */
export async function seedReport(data: BenchData): Promise<BenchReport> {
  const { rows } = await data.pool.query<{ ids: string[] }>(
    `SELECT array_agg(id) AS ids FROM identity.companies WHERE name LIKE $1`,
    [`Bench ${data.tag} Company %`],
  );
  const companyIds = rows[0].ids;
  const problems: [string, number][] = [];
  for (const { label, sql } of CONSISTENCY) {
    const result = await data.pool.query<{ n: number }>(sql, [companyIds]);
    problems.push([label, result.rows[0].n]);
  }
  const { rows: sizes } = await data.pool.query<{ pages: string; versions: string }>(
    `SELECT pg_size_pretty(pg_total_relation_size('wiki.pages')) AS pages,
            pg_size_pretty(pg_total_relation_size('wiki.page_versions')) AS versions`,
  );
  const seeded = data.seeded;
  const checks: Check[] = [
    {
      id: 'C1',
      target: `seed ${data.pages} pages < ${SEED_LIMIT_SECONDS} s`,
      measured: seeded ? `${fixed(seeded.seconds)} s` : 'reused database, not timed',
      pass: seeded !== null && seeded.seconds < SEED_LIMIT_SECONDS,
    },
    {
      id: 'C2',
      target: 'seeded rows consistent',
      measured: `${problems.reduce((sum, [, n]) => sum + n, 0)} inconsistent`,
      pass: problems.every(([, n]) => n === 0),
    },
  ];
  return {
    title: 'C: seed',
    tables: [
      table(
        ['measure', 'value'],
        [
          [
            'companies / people / teams',
            seeded ? `${seeded.companies} / ${seeded.people} / ${seeded.teams}` : 'n/a',
          ],
          ['pages / versions', `${data.pages} / ${seeded ? seeded.versions : 'n/a'}`],
          ['wiki.pages / wiki.page_versions on disk', `${sizes[0].pages} / ${sizes[0].versions}`],
          ...(seeded?.steps.map((step): [string, string] => [
            `step: ${step.step}`,
            `${fixed(step.seconds)} s`,
          ]) ?? []),
          ['total', seeded ? `${fixed(seeded.seconds)} s` : 'n/a'],
        ],
      ),
      table(['consistency check', 'rows'], problems),
    ],
    checks,
    notes: [`database ${data.database.name}, seed tag ${data.tag}`],
  };
}

if (require.main === module) {
  (async () => {
    const data = await prepareData(readBenchOptions());
    try {
      const report = await seedReport(data);
      printReport(report);
      process.stdout.write(`\n${checksTable(report.checks)}\n`);
      return report.checks.every((check) => check.pass);
    } finally {
      await releaseData(data);
    }
  })().then(
    (pass) => process.exit(pass ? 0 : 1),
    (error: unknown) => {
      process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(2);
    },
  );
}
