import { createTestDatabase, type TestDatabase } from '@cw/testing';
import { type Generated, sql } from 'kysely';
import { dataSourceOptions } from '../src/data-source-options';
import { PooledDataSource } from '../src/pooled-data-source';
import { preparedStatementName } from '../src/prepared-statements';
import { camelColumns } from '../src/typed/columns';
import { queryBuilder } from '../src/typed/query-builder';
import { all, compileStatement, first, run } from '../src/typed/run-statement';

interface ProbeTables {
  'public.typed_probe': { id: number; label_text: string; touched: Generated<number> };
}

const db = queryBuilder<ProbeTables>();

describe('typed statements through TypeORM', () => {
  let database: TestDatabase;
  let dataSource: PooledDataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await new PooledDataSource(
      dataSourceOptions({ url: database.url, poolSize: 2 }),
    ).initialize();
    await dataSource.query(
      `CREATE TABLE public.typed_probe (
         id int PRIMARY KEY, label_text text NOT NULL, touched int NOT NULL DEFAULT 0)`,
    );
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  beforeEach(() => dataSource.query('TRUNCATE public.typed_probe'));

  it('answers rows for every kind of statement, UPDATE and DELETE included', async () => {
    const inserted = await all(
      dataSource,
      db
        .insertInto('public.typed_probe')
        .values([
          { id: 1, label_text: 'one' },
          { id: 2, label_text: 'two' },
        ])
        .returning('id'),
    );
    expect(inserted).toEqual([{ id: 1 }, { id: 2 }]);
    const updated = await all(
      dataSource,
      db
        .updateTable('public.typed_probe')
        .set((eb) => ({ touched: eb('touched', '+', 1) }))
        .returning(['id', 'touched']),
    );
    // TypeORM answers an UPDATE as [rows, count]: the typed layer answers its rows.
    expect(updated.sort((a, b) => a.id - b.id)).toEqual([
      { id: 1, touched: 1 },
      { id: 2, touched: 1 },
    ]);
    const deleted = await all(
      dataSource.manager,
      db.deleteFrom('public.typed_probe').where('id', '=', 1).returning('label_text'),
    );
    expect(deleted).toEqual([{ label_text: 'one' }]);
    expect(
      await all(
        dataSource,
        db.deleteFrom('public.typed_probe').where('id', '=', 9).returning('id'),
      ),
    ).toEqual([]);
    expect(
      await first(
        dataSource,
        db.selectFrom('public.typed_probe').select(camelColumns(['label_text'])),
      ),
    ).toEqual({ labelText: 'two' });
    expect(
      await first(dataSource, db.selectFrom('public.typed_probe').selectAll().where('id', '=', 9)),
    ).toBeNull();
  });

  it("runs on the transaction's connection inside one: a rollback takes the write back", async () => {
    await expect(
      dataSource.transaction(async (manager) => {
        await run(manager, db.insertInto('public.typed_probe').values({ id: 3, label_text: 'x' }));
        const seen = await first(
          manager,
          db.selectFrom('public.typed_probe').select('label_text').where('id', '=', 3),
        );
        expect(seen).toEqual({ label_text: 'x' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await all(dataSource, db.selectFrom('public.typed_probe').select('id'))).toEqual([]);
  });

  it('runs hand-written SQL with typed rows, its values as parameters', async () => {
    await run(
      dataSource,
      db.insertInto('public.typed_probe').values({ id: 4, label_text: 'four' }),
    );
    const ids = [4, 5];
    const statement = sql<{ id: number; label: string }>`
      SELECT id, label_text AS label FROM public.typed_probe WHERE id = ANY(${ids}::int[])`;
    expect(compileStatement(statement)).toMatchObject({
      sql: expect.stringContaining('WHERE id = ANY($1::int[])'),
      parameters: [ids],
    });
    expect(await all(dataSource, statement)).toEqual([{ id: 4, label: 'four' }]);
  });

  it('marks a hot statement prepared: the same text whatever the arguments', async () => {
    const byIds = (ids: number[]) =>
      db
        .selectFrom('public.typed_probe')
        .select('id')
        .where(sql<boolean>`id = ANY(${ids}::int[])`);
    await run(dataSource, db.insertInto('public.typed_probe').values({ id: 6, label_text: 'six' }));
    expect(await all(dataSource, byIds([6]), { prepared: true })).toEqual([{ id: 6 }]);
    expect(await all(dataSource, byIds([6, 7, 8]), { prepared: true })).toEqual([{ id: 6 }]);
    const { sql: text } = compileStatement(byIds([1, 2]));
    expect(preparedStatementName(text)).toMatch(/^cw_/);
    expect(preparedStatementName(compileStatement(byIds([1])).sql)).toBe(
      preparedStatementName(text),
    );
  });
});
