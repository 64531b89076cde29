import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { runMigrations } from '@cw/db';
import { Client } from 'pg';
import { FIRST_NAMES, LAST_NAMES, TEAM_NAMES, WORDS } from './seed-words';

export interface SeedOptions {
  pages: number;
  companies: number;
  peoplePerCompany: number;
  teamsPerCompany: number;
  /** Names, emails and ids of this seed derive from it; a new one makes a second seed coexist. */
  tag?: string;
  log?: (line: string) => void;
}

export interface SeedResult {
  tag: string;
  companies: number;
  people: number;
  teams: number;
  pages: number;
  versions: number;
  seconds: number;
  steps: { step: string; seconds: number }[];
}

export const DEFAULT_SEED: Omit<SeedOptions, 'pages'> = {
  companies: 20,
  peoplePerCompany: 50,
  teamsPerCompany: 5,
};

export const COMPANY_FOLDERS = ['Handbook', 'Engineering', 'Operations', 'Projects'] as const;

/*
 * The statements take named parameters (`:tag`, see SeedParams), bound to $n by `bind`. Ids are
 * derived from the tag (md5 → uuid), so every statement can refer to the rows of the others
 * without reading them back.
 */
interface SeedParams {
  tag: string;
  companies: number;
  people: number;
  teams: number;
  team_names: readonly string[];
  first_names: readonly string[];
  last_names: readonly string[];
  words: readonly string[];
  pages: number;
  company_folders: readonly string[];
}

/** Replaces each `:name` of `params` by a positional parameter. */
function bind(sql: string, params: SeedParams): [string, unknown[]] {
  const used: (keyof SeedParams)[] = [];
  const text = sql.replace(/(?<!:):([a-z][a-z_]*)/g, (match, name: string) => {
    if (!(name in params)) return match;
    const key = name as keyof SeedParams;
    if (!used.includes(key)) used.push(key);
    return `$${used.indexOf(key) + 1}`;
  });
  return [text, used.map((key) => params[key])];
}

const companyId = (c: string): string => `md5(:tag::text || '|c|' || ${c})::uuid`;
const personId = (c: string, p: string): string =>
  `md5(:tag::text || '|p|' || ${c} || '|' || ${p})::uuid`;
const teamId = (c: string, t: string): string =>
  `md5(:tag::text || '|t|' || ${c} || '|' || ${t})::uuid`;
const folderId = (kind: 'private' | 'team' | 'company', c: string, n: string): string =>
  `md5(:tag::text || '|f|${kind}|' || ${c} || '|' || ${n})::uuid`;
const teamName = (t: string): string =>
  `CASE WHEN ${t} <= cardinality(:team_names::text[]) THEN (:team_names::text[])[${t}] ELSE 'Team ' || ${t} END`;
const SEED_COMPANIES = `(SELECT ${companyId('c')} FROM generate_series(1, :companies::int) c)`;

/** A word for a seed: rank r comes with probability ~ 1/r (Zipf-like, as in real text). */
const word = (seed: string): string =>
  `(:words::text[])[floor(exp(((hashint8(${seed}) & 2147483647)::float8 / 2147483648.0) * ln(cardinality(:words::text[]) + 1)))::int]`;

const IDENTITY_STEPS: { step: string; sql: string }[] = [
  {
    step: 'companies',
    sql: `INSERT INTO identity.companies (id, name)
          SELECT ${companyId('c')}, format('Bench %s Company %s', :tag::text, lpad(c::text, 3, '0'))
            FROM generate_series(1, :companies::int) c`,
  },
  {
    step: 'people',
    sql: `INSERT INTO identity.people (id, email, name)
          SELECT ${personId('c', 'p')}, format('p%s.c%s.%s@bench.example', p, c, :tag::text),
                 format('%s %s', (:first_names::text[])[1 + (c * :people::int + p) % cardinality(:first_names::text[])],
                        (:last_names::text[])[1 + ((c * :people::int + p) / cardinality(:first_names::text[])) % cardinality(:last_names::text[])])
            FROM generate_series(1, :companies::int) c, generate_series(1, :people::int) p`,
  },
  {
    step: 'memberships',
    sql: `INSERT INTO identity.memberships (company_id, person_id, role)
          SELECT ${companyId('c')}, ${personId('c', 'p')}, CASE WHEN p = 1 THEN 'admin' ELSE 'member' END
            FROM generate_series(1, :companies::int) c, generate_series(1, :people::int) p`,
  },
  {
    step: 'teams',
    sql: `INSERT INTO identity.teams (id, company_id, name)
          SELECT ${teamId('c', 't')}, ${companyId('c')}, ${teamName('t')}
            FROM generate_series(1, :companies::int) c, generate_series(1, :teams::int) t`,
  },
  {
    // Everyone is in one team; every third person in a second one too.
    step: 'team memberships',
    sql: `INSERT INTO identity.team_memberships (team_id, person_id)
          SELECT ${teamId('c', '1 + (p - 1) % :teams::int')}, ${personId('c', 'p')}
            FROM generate_series(1, :companies::int) c, generate_series(1, :people::int) p
          UNION ALL
          SELECT ${teamId('c', '1 + p % :teams::int')}, ${personId('c', 'p')}
            FROM generate_series(1, :companies::int) c, generate_series(1, :people::int) p
           WHERE p % 3 = 0 AND :teams::int > 1`,
  },
];

const FOLDERS_SQL = `
  INSERT INTO wiki.folders (id, company_id, lane, lane_owner_id, name, path, created_by)
  SELECT ${folderId('private', 'c', 'p')}, ${companyId('c')}, 'private', ${personId('c', 'p')},
         'Notes', '/Private/Notes', ${personId('c', 'p')}
    FROM generate_series(1, :companies::int) c, generate_series(1, :people::int) p
  UNION ALL
  SELECT ${folderId('team', 'c', 't')}, ${companyId('c')}, 'team', ${teamId('c', 't')},
         'Docs', '/Teams/' || ${teamName('t')} || '/Docs', ${personId('c', '1 + (t - 1) % :people::int')}
    FROM generate_series(1, :companies::int) c, generate_series(1, :teams::int) t
  UNION ALL
  SELECT ${folderId('company', 'c', 'f')}, ${companyId('c')}, 'company', NULL,
         (:company_folders::text[])[f], '/Company/' || (:company_folders::text[])[f], ${personId('c', '1')}
    FROM generate_series(1, :companies::int) c, generate_series(1, cardinality(:company_folders::text[])) f`;

/*
 * Page g belongs to company 1 + (g-1) % C; its k-th page (k = (g-1) / C) is private for k % 10
 * in 0..3, team for 4..6 and company for 7..9; its author is person 1 + (k/10) % P, the team
 * the author's first team. 2 % are restricted (the author on the access list), 1 % are in the
 * trash. A body is a heading, a paragraph, a subheading, a three-item list and a paragraph:
 * ~120 words.
 */
const PAGES_SQL = `
  INSERT INTO wiki.pages (company_id, lane, lane_owner_id, folder_id, folder_path, title, content_md,
                          restricted, created_by, created_at, updated_at, deleted_at, deleted_by)
  SELECT ${companyId('s.c')}, s.lane,
         CASE s.lane WHEN 'private' THEN ${personId('s.c', 's.p')} WHEN 'team' THEN ${teamId('s.c', 's.t')} END,
         CASE s.lane WHEN 'private' THEN ${folderId('private', 's.c', 's.p')}
                     WHEN 'team' THEN ${folderId('team', 's.c', 's.t')}
                     ELSE ${folderId('company', 's.c', 's.f')} END,
         CASE s.lane WHEN 'private' THEN '/Private/Notes'
                     WHEN 'team' THEN '/Teams/' || ${teamName('s.t')} || '/Docs'
                     ELSE '/Company/' || (:company_folders::text[])[s.f] END,
         s.title,
         '# ' || s.title || E'\\n\\n' || (
           SELECT string_agg(CASE
                    WHEN i = 1 THEN initcap(w.word)
                    WHEN i = s.n1 + 1 THEN E'.\\n\\n## ' || initcap(w.word)
                    WHEN i = s.n1 + 3 THEN E'\\n\\n- ' || w.word
                    WHEN i IN (s.n1 + 3 + s.n3, s.n1 + 3 + s.n3 + s.n4) THEN E'\\n- ' || w.word
                    WHEN i = s.n1 + 3 + s.n3 + s.n4 + s.n5 THEN E'\\n\\n' || initcap(w.word)
                    ELSE ' ' || w.word END, '')
             FROM generate_series(1, s.n1 + 2 + s.n3 + s.n4 + s.n5 + s.n6) i
            CROSS JOIN LATERAL (SELECT ${word('s.g * 1000 + i')} AS word) w
         ) || E'.\\n',
         s.g % 50 = 0, ${personId('s.c', 's.p')}, s.created, s.created,
         CASE WHEN s.g % 97 = 0 THEN now() END,
         CASE WHEN s.g % 97 = 0 THEN ${personId('s.c', 's.p')} END
    FROM (
      SELECT b.g, b.c, b.p, 1 + (b.p - 1) % :teams::int AS t, 1 + (b.k / 10) % cardinality(:company_folders::text[]) AS f,
             CASE WHEN b.k % 10 < 4 THEN 'private' WHEN b.k % 10 < 7 THEN 'team' ELSE 'company' END AS lane,
             initcap(${word('b.g * 1000 + 991')}) || ' ' || ${word('b.g * 1000 + 992')} || ' '
               || ${word('b.g * 1000 + 993')} || ' #' || b.g AS title,
             now() - ((hashint8(b.g) & 2147483647) % 31536000) * interval '1 second' AS created,
             25 + b.g % 60 AS n1, 3 + b.g % 5 AS n3, 2 + b.g % 7 AS n4, 4 + b.g % 3 AS n5,
             15 + (b.g * 7) % 70 AS n6
        FROM (
          SELECT g, 1 + (g - 1) % :companies::int AS c, (g - 1) / :companies::int AS k,
                 1 + (((g - 1) / :companies::int) / 10) % :people::int AS p
            FROM generate_series(1, :pages::int) g
        ) b
    ) s`;

const ACCESS_SQL = `
  INSERT INTO wiki.page_access (page_id, person_id)
  SELECT id, created_by FROM wiki.pages WHERE restricted AND company_id IN ${SEED_COMPANIES}`;

const VERSIONS_SQL = `
  INSERT INTO wiki.page_versions (page_id, version, title, content_md, author_id, saved_at, message, source_kind)
  SELECT id, 1, title, content_md, created_by, created_at, 'seeded', 'web'
    FROM wiki.pages WHERE company_id IN ${SEED_COMPANIES}`;

/** Indexes of wiki.pages not backing a constraint: rebuilt once after the load, not per row. */
async function dropPageIndexes(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(`
    SELECT format('%I.%I', n.nspname, c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE i.indrelid = 'wiki.pages'::regclass
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`);
  for (const row of rows) await client.query(`DROP INDEX ${row.name}`);
  return rows.map((row) => row.definition);
}

/**
 * Fills a migrated database with companies, people, teams and wiki pages (each with its first
 * version) in one transaction of set-based statements, then VACUUM ANALYZE. A second seed with
 * another tag adds to the first.
 */
export async function seedWiki(databaseUrl: string, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? ((line: string) => process.stderr.write(`seed: ${line}\n`));
  const tag = options.tag ?? randomBytes(3).toString('hex');
  if (!/^[a-z0-9]{1,16}$/.test(tag)) throw new Error('a seed tag is 1-16 of [a-z0-9]');
  const started = Date.now();
  const steps: SeedResult['steps'] = [];
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const at = Date.now();
    const result = await work();
    const seconds = (Date.now() - at) / 1000;
    steps.push({ step: name, seconds });
    log(`${name}: ${seconds.toFixed(1)} s`);
    return result;
  };
  const params: SeedParams = {
    tag,
    companies: options.companies,
    people: options.peoplePerCompany,
    teams: options.teamsPerCompany,
    team_names: TEAM_NAMES,
    first_names: FIRST_NAMES,
    last_names: LAST_NAMES,
    words: WORDS,
    pages: options.pages,
    company_folders: COMPANY_FOLDERS,
  };
  const run = async (sql: string): Promise<number> => {
    const [text, values] = bind(sql, params);
    return (await client.query(text, values)).rowCount ?? 0;
  };
  let pages = 0;
  let versions = 0;
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL synchronous_commit = off`);
    await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const { step: name, sql } of IDENTITY_STEPS) await step(name, () => run(sql));
    await step('folders', () => run(FOLDERS_SQL));
    const indexes = await dropPageIndexes(client);
    pages = await step(`pages (${options.pages})`, () => run(PAGES_SQL));
    await step('page access', () => run(ACCESS_SQL));
    versions = await step('page versions', () => run(VERSIONS_SQL));
    await step(`page indexes (${indexes.length})`, async () => {
      for (const definition of indexes) await client.query(definition);
    });
    await step('commit', () => client.query('COMMIT'));
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end();
    throw error;
  }
  try {
    await step('vacuum analyze', async () => {
      for (const table of [
        'identity.companies',
        'identity.people',
        'identity.memberships',
        'identity.teams',
        'identity.team_memberships',
        'wiki.folders',
        'wiki.pages',
        'wiki.page_access',
        'wiki.page_versions',
      ])
        await client.query(`VACUUM (ANALYZE) ${table}`);
    });
  } finally {
    await client.end();
  }
  return {
    tag,
    companies: options.companies,
    people: options.companies * options.peoplePerCompany,
    teams: options.companies * options.teamsPerCompany,
    pages,
    versions,
    seconds: (Date.now() - started) / 1000,
    steps,
  };
}

export function seedEmail(tag: string, company: number, person: number): string {
  return `p${person}.c${company}.${tag}@bench.example`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '100000' },
      companies: { type: 'string', default: String(DEFAULT_SEED.companies) },
      people: { type: 'string', default: String(DEFAULT_SEED.peoplePerCompany) },
      teams: { type: 'string', default: String(DEFAULT_SEED.teamsPerCompany) },
      tag: { type: 'string' },
    },
    strict: true,
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('Set DATABASE_URL to the database to seed.');
  const count = (name: string, value: string): number => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} is a positive integer`);
    return parsed;
  };
  const applied = await runMigrations(databaseUrl);
  if (applied.length > 0) process.stderr.write(`seed: migrations applied: ${applied.join(', ')}\n`);
  const result = await seedWiki(databaseUrl, {
    pages: count('pages', values.pages),
    companies: count('companies', values.companies),
    peoplePerCompany: count('people', values.people),
    teamsPerCompany: count('teams', values.teams),
    tag: values.tag,
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`seed failed: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
