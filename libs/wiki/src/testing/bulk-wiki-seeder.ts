import { all, clientRunner, type PgClient, run } from '@cw/db';
import {
  type BulkIdentitySeeder,
  runNamed,
  seededIdentitySql,
  type TimedStep,
} from '@cw/identity/testing';
import { sql } from 'kysely';

/** The folders of the Company lane of every seeded company. */
export const SEEDED_COMPANY_FOLDERS = [
  'Handbook',
  'Engineering',
  'Operations',
  'Projects',
] as const;

const { companyId, personId, teamId, teamName } = seededIdentitySql;
const folderId = (kind: 'private' | 'team' | 'company', c: string, n: string): string =>
  `md5(:tag::text || '|f|${kind}|' || ${c} || '|' || ${n})::uuid`;

/** A word for a seed: rank r comes with probability ~ 1/r (Zipf-like, as in real text). */
const word = (seed: string): string =>
  `(:words::text[])[floor(exp(((hashint8(${seed}) & 2147483647)::float8 / 2147483648.0) * ln(cardinality(:words::text[]) + 1)))::int]`;

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
  SELECT id, created_by FROM wiki.pages WHERE restricted AND company_id IN ${seededIdentitySql.companies}`;

const VERSIONS_SQL = `
  INSERT INTO wiki.page_versions (page_id, version, title, content_md, author_id, saved_at, message, source_kind)
  SELECT id, 1, title, content_md, created_by, created_at, 'seeded', 'web'
    FROM wiki.pages WHERE company_id IN ${seededIdentitySql.companies}`;

export const bulkWikiStatements = {
  /** Indexes of wiki.pages not backing a constraint: rebuilt once after the load, not per row. */
  pageIndexes: () =>
    sql<{ name: string; definition: string }>`
    SELECT format('%I.%I', n.nspname, c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE i.indrelid = 'wiki.pages'::regclass
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
};

/** Drops the indexes of `bulkWikiStatements.pageIndexes`; answers their definitions. */
async function dropPageIndexes(client: PgClient): Promise<string[]> {
  const runner = clientRunner(client);
  const rows = await all(runner, bulkWikiStatements.pageIndexes());
  for (const row of rows) await run(runner, sql.raw(`DROP INDEX ${row.name}`));
  return rows.map((row) => row.definition);
}

const TABLES = ['wiki.folders', 'wiki.pages', 'wiki.page_access', 'wiki.page_versions'];

/**
 * Wiki pages of a bulk identity seed's people, each with its first version, in their Private
 * Notes, their team's Docs and the Company folders, written with set-based statements on the
 * caller's connection, inside the caller's transaction (the indexes of `wiki.pages` are rebuilt
 * once after the load): the benchmarks' seed. The 100,000-page seed takes well under two minutes.
 */
export class BulkWikiSeeder {
  constructor(
    private readonly identity: BulkIdentitySeeder,
    private readonly seed: { pages: number; words: readonly string[] },
  ) {}

  async insert(client: PgClient, timed: TimedStep): Promise<{ pages: number; versions: number }> {
    const params = {
      ...this.identity.params,
      words: this.seed.words,
      pages: this.seed.pages,
      company_folders: SEEDED_COMPANY_FOLDERS,
    };
    await timed('folders', () => runNamed(client, FOLDERS_SQL, params));
    const indexes = await dropPageIndexes(client);
    const pages = await timed(`pages (${this.seed.pages})`, () =>
      runNamed(client, PAGES_SQL, params),
    );
    await timed('page access', () => runNamed(client, ACCESS_SQL, params));
    const versions = await timed('page versions', () => runNamed(client, VERSIONS_SQL, params));
    await timed(`page indexes (${indexes.length})`, async () => {
      for (const definition of indexes) await run(clientRunner(client), sql.raw(definition));
    });
    return { pages, versions };
  }

  /** VACUUM ANALYZE of the tables the seed wrote (outside any transaction). */
  async analyze(client: PgClient): Promise<void> {
    const runner = clientRunner(client);
    for (const table of TABLES) await run(runner, sql.raw(`VACUUM (ANALYZE) ${table}`));
  }
}
