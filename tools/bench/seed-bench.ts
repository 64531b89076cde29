import 'reflect-metadata';
import { membershipKeys, seededCompanyIds, teamMembershipKeys } from '@cw/identity/testing';
import { pageAuthorCounts, wikiSeedProblems, wikiTableSizes } from '@cw/wiki/testing';
import type { BenchData } from './bench-context';
import { prepareData, releaseData } from './bench-context';
import { readBenchOptions } from './bench-options';
import { type BenchReport, type Check, checksTable, fixed, printReport, table } from './report';

export const SEED_LIMIT_SECONDS = 120;

/**
 * Rows of the seed that break the schema's intent (each count must be 0). The wiki and identity
 * answer for their own rows; the pages' authors and teams are checked against identity here.
 */
async function seedProblems(data: BenchData): Promise<[string, number][]> {
  const companyIds = await seededCompanyIds(data.pool, data.tag);
  const wikiProblems = await wikiSeedProblems(data.pool, companyIds);
  const authors = await pageAuthorCounts(data.pool, companyIds);
  const members = await membershipKeys(data.pool, companyIds);
  const teamMembers = await teamMembershipKeys(data.pool, companyIds);
  const pagesOf = (broken: (author: (typeof authors)[number]) => boolean): number =>
    authors.filter(broken).reduce((sum, author) => sum + author.pages, 0);
  return [
    ['pages without their version 1', wikiProblems.pagesWithoutFirstVersion],
    [
      'authors who are not members of the page company',
      pagesOf((author) => !members.has(`${author.companyId}|${author.personId}`)),
    ],
    ['private pages of another person than the author', wikiProblems.privatePagesOfOthers],
    [
      'team pages of a team not of the company or without the author',
      pagesOf(
        (author) =>
          author.teamId !== null &&
          !teamMembers.has(`${author.companyId}|${author.teamId}|${author.personId}`),
      ),
    ],
    ['pages whose folder path differs from their folder', wikiProblems.pagesOffTheirFolder],
  ];
}

/** C: how long the seed took and whether its rows hold together. */
export async function seedReport(data: BenchData): Promise<BenchReport> {
  const problems = await seedProblems(data);
  const sizes = await wikiTableSizes(data.pool);
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
          ['pages / page versions tables on disk', `${sizes.pages} / ${sizes.versions}`],
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
