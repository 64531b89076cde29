import { resolve } from 'node:path';
import {
  catalogFromMigrations,
  formatViolation,
  repositorySources,
  scanSqlOwnership,
  SCHEMA_OWNERS,
  type SchemaCatalog,
  stripComments,
} from './sql-ownership';

const repoRoot = resolve(__dirname, '../..');

const catalog: SchemaCatalog = {
  owners: SCHEMA_OWNERS,
  tables: {
    identity: ['people', 'api_keys'],
    wiki: ['pages', 'page_versions'],
    platform: ['outbox_events'],
  },
};

/** The placement rules alone: no context on the typed layer, so a sample may call query(). */
const scan = (path: string, text: string): string[] =>
  scanSqlOwnership([{ path, text }], catalog, []).map(formatViolation);

describe('the SQL ownership scanner', () => {
  it('flags a context naming a table of another context, with file, line and rule', () => {
    const text = [
      'const sql = `',
      '  SELECT p.title, a.name',
      '    FROM wiki.pages p JOIN identity.people a ON a.id = p.author_id`;',
    ].join('\n');
    expect(scan('libs/wiki/src/pages/page.repository.ts', text)).toEqual([
      'libs/wiki/src/pages/page.repository.ts:3 [foreign-schema] names identity.people, owned by identity',
    ]);
  });

  it('flags a foreign table named outside SQL, and an entity mapped onto a foreign schema', () => {
    expect(scan('libs/wiki/src/x.ts', "const table = 'identity.api_keys';")).toEqual([
      'libs/wiki/src/x.ts:1 [foreign-schema] names identity.api_keys, owned by identity',
    ]);
    expect(
      scan('libs/wiki/src/x/entities/x.entity.ts', "@Entity({ schema: 'identity', name: 'x' })"),
    ).toEqual([
      'libs/wiki/src/x/entities/x.entity.ts:1 [foreign-schema] names an entity of schema identity, owned by identity',
    ]);
  });

  it('treats the outbox schema as the queue lib’s, and any table as foreign to libs without one', () => {
    expect(
      scan(
        'libs/queue/src/outbox/outbox-event.repository.ts',
        'INSERT INTO platform.outbox_events',
      ),
    ).toEqual([]);
    expect(scan('libs/auth/src/credential.repository.ts', 'SELECT 1 FROM identity.people')).toEqual(
      [
        'libs/auth/src/credential.repository.ts:1 [foreign-schema] names identity.people, owned by identity',
      ],
    );
  });

  it('flags each kind of statement outside a repository or a *.sql.ts file', () => {
    const text = [
      "await manager.query('SELECT id FROM wiki.pages WHERE id = $1', [id]);",
      "await manager.query('INSERT INTO wiki.page_versions (page_id) VALUES ($1)', [id]);",
      "await manager.query('UPDATE wiki.pages SET title = $2 WHERE id = $1', [id, title]);",
      "await manager.query('DELETE FROM wiki.new_table WHERE id = $1', [id]);",
    ].join('\n');
    expect(scan('libs/wiki/src/pages/page-edit.service.ts', text)).toEqual(
      [1, 2, 3, 4].map(
        (line) =>
          `libs/wiki/src/pages/page-edit.service.ts:${line} [sql-outside-repository] SQL over ${
            ['wiki.pages', 'wiki.page_versions', 'wiki.pages', 'wiki.new_table'][line - 1]
          } outside a *.repository.ts or *.sql.ts file`,
      ),
    );
  });

  it('admits SQL in repositories, *.sql.ts builders, testing fixtures, migrations and tests', () => {
    const sql = "query('UPDATE wiki.pages SET title = $1')";
    for (const path of [
      'libs/wiki/src/pages/page.repository.ts',
      'libs/wiki/src/access/visibility.sql.ts',
      'libs/wiki/src/testing/page-fixtures.ts',
      'libs/wiki/src/search/search.spec.ts',
      'libs/wiki/test/wiki-pages.int-spec.ts',
      'libs/db/src/migrations/1763850000002-wiki-schema.ts',
    ]) {
      expect({ path, violations: scan(path, sql) }).toEqual({ path, violations: [] });
    }
  });

  it('reads a table named by the query builder as SQL, a foreign one as foreign', () => {
    const text = [
      "const own = db.selectFrom('wiki.pages as p').select('p.id');",
      "const foreign = db.selectFrom('wiki.pages as p').innerJoin('identity.people as a', 'a.id', 'p.author_id');",
    ].join('\n');
    expect(scan('libs/wiki/src/pages/page.repository.ts', text)).toEqual([
      'libs/wiki/src/pages/page.repository.ts:2 [foreign-schema] names identity.people, owned by identity',
    ]);
    expect(scan('libs/wiki/src/pages/page-edit.service.ts', text.split('\n')[0])).toEqual([
      'libs/wiki/src/pages/page-edit.service.ts:1 [sql-outside-repository] SQL over wiki.pages outside a *.repository.ts or *.sql.ts file',
    ]);
  });

  it('flags query() in the production code of a context on the typed layer, and only there', () => {
    const text =
      "await manager.query('SELECT 1');\nconst rows = await this.dataSource.query<Row[]>(text, []);";
    const typed = (path: string): string[] =>
      scanSqlOwnership([{ path, text }], catalog, ['wiki']).map(formatViolation);
    const refusal =
      'calls query() itself: run the statement with all/first/run of @cw/db (rawQuery or sql<Row> for hand-written SQL)';
    expect(typed('libs/wiki/src/pages/page.repository.ts')).toEqual([
      `libs/wiki/src/pages/page.repository.ts:1 [raw-query-in-typed-context] ${refusal}`,
      `libs/wiki/src/pages/page.repository.ts:2 [raw-query-in-typed-context] ${refusal}`,
    ]);
    for (const path of [
      'libs/wiki/test/wiki-pages.int-spec.ts',
      'libs/wiki/src/pages/page.spec.ts',
      'libs/feedback/src/inbox/report.repository.ts',
      'libs/db/src/typed/run-statement.ts',
    ]) {
      expect({ path, violations: typed(path) }).toEqual({ path, violations: [] });
    }
  });

  it('leaves the generated table types alone: they name every table, like the migrations', () => {
    expect(
      scan(
        'libs/db/src/typed/generated/identity.ts',
        "export interface X { 'identity.people': P }",
      ),
    ).toEqual([]);
  });

  it('flags a tool or an app naming a context table, but not their tests', () => {
    expect(
      scan('tools/bench/seed.ts', "db.query('INSERT INTO wiki.pages (title) VALUES ($1)')"),
    ).toEqual([
      'tools/bench/seed.ts:1 [table-outside-context] names wiki.pages: go through its context',
    ]);
    expect(scan('apps/api-gateway/src/x.ts', 'const t = "identity.people";')).toEqual([
      'apps/api-gateway/src/x.ts:1 [table-outside-context] names identity.people: go through its context',
    ]);
    expect(
      scan('tools/e2e/admin-cli.e2e-spec.ts', "query('SELECT 1 FROM identity.people')"),
    ).toEqual([]);
  });

  it('ignores comments, import paths and names that are not tables', () => {
    const text = [
      "import { PlatformConfig } from './config/platform.config';",
      '// reads identity.people through DirectoryService',
      '/* DELETE FROM wiki.pages happens in the repository */',
      "const block = 'wiki.write';",
      "const url = 'http://example.test/identity.people'; // identity.people",
    ].join('\n');
    expect(scan('libs/workflows/src/x.ts', text.split('\n').slice(0, 4).join('\n'))).toEqual([]);
    expect(stripComments(text).split('\n')).toHaveLength(5);
    expect(scan('libs/wiki/src/x.ts', text)).toEqual([
      'libs/wiki/src/x.ts:5 [foreign-schema] names identity.people, owned by identity',
    ]);
  });
});

describe('the repository', () => {
  it('reads the tables of every context schema from the migrations', () => {
    const { tables } = catalogFromMigrations(repoRoot);
    expect(tables.identity).toContain('people');
    expect(tables.wiki).toContain('page_versions');
    expect(tables.platform).toEqual(['outbox_events']);
  });

  it('keeps every SQL statement in the repository of the context that owns its table', () => {
    const violations = scanSqlOwnership(
      repositorySources(repoRoot),
      catalogFromMigrations(repoRoot),
    ).map(formatViolation);
    expect(violations).toEqual([]);
  });
});
