import { createTestDatabase, type TestDatabase } from '@cw/testing';
import { Client, type Pool } from 'pg';
import { QueryFailedError } from 'typeorm';
import { dataSourceOptions } from '../src/data-source-options';
import { PooledDataSource } from '../src/pooled-data-source';
import { prepared, preparedStatementName } from '../src/prepared-statements';
import { isUniqueViolation } from '../src/unique-violation';

describe('PooledDataSource', () => {
  let database: TestDatabase;
  let dataSource: PooledDataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await new PooledDataSource(
      dataSourceOptions({ url: database.url, poolSize: 3 }),
    ).initialize();
    await dataSource.query(
      'CREATE TABLE public.pooled_probe (id int PRIMARY KEY, label text NOT NULL)',
    );
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  beforeEach(() => dataSource.query('TRUNCATE public.pooled_probe'));

  it("answers as TypeORM's runner does: rows, and rows with a count for UPDATE and DELETE", async () => {
    expect(
      await dataSource.query(
        'INSERT INTO public.pooled_probe VALUES ($1, $2), ($3, $4) RETURNING id',
        [1, 'one', 2, 'two'],
      ),
    ).toEqual([{ id: 1 }, { id: 2 }]);
    expect(
      await dataSource.query('SELECT label FROM public.pooled_probe WHERE id = $1', [2]),
    ).toEqual([{ label: 'two' }]);
    expect(
      await dataSource.query('UPDATE public.pooled_probe SET label = $1 RETURNING id', ['x']),
    ).toEqual([[{ id: 1 }, { id: 2 }], 2]);
    expect(await dataSource.query('DELETE FROM public.pooled_probe WHERE id = $1', [1])).toEqual([
      [],
      1,
    ]);
    expect(
      await dataSource.manager.query(
        'SELECT count(*)::int AS n FROM public.pooled_probe WHERE $1',
        [true],
      ),
    ).toEqual([{ n: 1 }]);
  });

  it('makes no query runner for a parameterized statement outside a transaction', async () => {
    const runners = jest.spyOn(dataSource, 'createQueryRunner');
    try {
      await dataSource.query('SELECT $1::int AS one', [1]);
      await dataSource.manager.query('SELECT $1::int AS one', [1]);
      expect(runners).not.toHaveBeenCalled();
      await dataSource.query('SELECT 1 AS one');
      await dataSource.transaction((manager) => manager.query('SELECT $1::int AS one', [1]));
      expect(runners).toHaveBeenCalledTimes(2);
    } finally {
      runners.mockRestore();
    }
  });

  it("fails with TypeORM's QueryFailedError around the driver's error", async () => {
    await dataSource.query('INSERT INTO public.pooled_probe VALUES ($1, $2)', [1, 'one']);
    const failure = await dataSource
      .query('INSERT INTO public.pooled_probe VALUES ($1, $2)', [1, 'again'])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect(isUniqueViolation(failure, 'pooled_probe_pkey')).toBe(true);
    expect(await dataSource.query('SELECT label FROM public.pooled_probe', [])).toEqual([
      { label: 'one' },
    ]);
  });

  it("runs a transaction's statements on the transaction's connection", async () => {
    const seen = await dataSource.transaction(async (manager) => {
      await manager.query("SELECT set_config('probe.value', $1, true)", ['inside']);
      await manager.query('INSERT INTO public.pooled_probe VALUES ($1, $2)', [1, 'rolled back']);
      const [row] = await manager.query<{ v: string }[]>(
        "SELECT current_setting('probe.value', true) AS v",
        [],
      );
      return row.v;
    });
    expect(seen).toBe('inside');
    await expect(
      dataSource.transaction(async (manager) => {
        await manager.query('INSERT INTO public.pooled_probe VALUES ($1, $2)', [2, 'gone']);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await dataSource.query('SELECT id FROM public.pooled_probe ORDER BY id', [])).toEqual([
      { id: 1 },
    ]);
  });

  it('shares its few connections among many statements at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        dataSource.query('INSERT INTO public.pooled_probe VALUES ($1, $2) RETURNING id', [
          index,
          `row ${index}`,
        ]),
      ),
    );
    expect(answers.flat()).toHaveLength(60);
    expect(
      await dataSource.query('SELECT count(*)::int AS n FROM public.pooled_probe', []),
    ).toEqual([{ n: 60 }]);
    expect(
      (dataSource.driver as unknown as { master: Pool }).master.totalCount,
    ).toBeLessThanOrEqual(3);
  });

  it('survives its connections being terminated while checked out, and the next statement works', async () => {
    // A FATAL can arrive in the same read as the end of a new connection's start-up, which
    // hands it out: checked out, it had no 'error' listener, and the event ended the process.
    const terminated = await new PooledDataSource(
      dataSourceOptions({ url: database.url, poolSize: 4, applicationName: 'terminated-probe' }),
    ).initialize();
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    try {
      let stop = false;
      let answered = 0;
      const workers = Array.from({ length: 4 }, async () => {
        while (!stop) {
          await terminated.query('SELECT $1::int AS one', [1]).then(
            () => (answered += 1),
            () => undefined,
          );
        }
      });
      let killed = 0;
      for (let round = 0; round < 60; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const { rows } = await admin.query<{ pid: number }>(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE application_name = 'terminated-probe'`,
        );
        killed += rows.length;
      }
      stop = true;
      await Promise.all(workers);
      // The last round's terminations reach idle connections as socket events: let the pool
      // drop them before the next statement checks one out.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(killed).toBeGreaterThan(60);
      expect(answered).toBeGreaterThan(0);
      expect(await terminated.query('SELECT $1::int AS one', [1])).toEqual([{ one: 1 }]);
      await expect(
        terminated.transaction((manager) => manager.query('SELECT $1::int AS one', [2])),
      ).resolves.toEqual([{ one: 2 }]);
    } finally {
      await admin.end();
      await terminated.destroy();
    }
  });

  describe('statements marked prepared', () => {
    const INSERT = prepared('INSERT INTO public.pooled_probe VALUES ($1, $2) RETURNING id');
    const RELABEL = prepared(
      'UPDATE public.pooled_probe SET label = $2 WHERE id = $1 RETURNING id',
    );
    const PREPARED_HERE =
      'SELECT name, statement FROM pg_prepared_statements WHERE $1 ORDER BY name';

    /** `use` with a data source of one connection, so that every statement shows in its session. */
    async function withOneConnection(
      preparedStatements: boolean,
      use: (single: PooledDataSource) => Promise<void>,
    ): Promise<void> {
      const single = await new PooledDataSource(
        dataSourceOptions({ url: database.url, poolSize: 1 }),
        { preparedStatements },
      ).initialize();
      try {
        await use(single);
      } finally {
        await single.destroy();
      }
    }

    async function backendPid(single: PooledDataSource): Promise<number> {
      const [{ pid }] = await single.query<{ pid: number }[]>(
        'SELECT pg_backend_pid() AS pid WHERE $1',
        [true],
      );
      return pid;
    }

    it('run as named statements of their connection, parsed once, answering as before', async () => {
      await withOneConnection(true, async (single) => {
        expect(await single.query(INSERT, [1, 'one'])).toEqual([{ id: 1 }]);
        expect(await single.query(INSERT, [2, 'two'])).toEqual([{ id: 2 }]);
        expect(await single.query(RELABEL, [2, 'deux'])).toEqual([[{ id: 2 }], 1]);
        expect(await single.query(RELABEL, [3, 'none'])).toEqual([[], 0]);
        expect(await single.query(PREPARED_HERE, [true])).toEqual(
          [
            { name: preparedStatementName(INSERT), statement: INSERT },
            { name: preparedStatementName(RELABEL), statement: RELABEL },
          ].sort((a, b) => a.name!.localeCompare(b.name!)),
        );
        // A failure leaves the statement usable; a transaction's statements run unprepared.
        await expect(single.query(INSERT, [1, 'again'])).rejects.toBeInstanceOf(QueryFailedError);
        expect(await single.query(INSERT, [3, 'three'])).toEqual([{ id: 3 }]);
        await single.transaction((manager) => manager.query(INSERT, [4, 'four']));
        expect(await single.query(PREPARED_HERE, [true])).toHaveLength(2);
        expect(
          await single.query('SELECT id, label FROM public.pooled_probe ORDER BY id', []),
        ).toEqual([
          { id: 1, label: 'one' },
          { id: 2, label: 'deux' },
          { id: 3, label: 'three' },
          { id: 4, label: 'four' },
        ]);
      });
    });

    it('run again on a new connection when theirs lost what it prepared (DEALLOCATE, DISCARD)', async () => {
      await withOneConnection(true, async (single) => {
        expect(await single.query(INSERT, [1, 'one'])).toEqual([{ id: 1 }]);
        const before = await backendPid(single);
        // Through TypeORM's runner, on the pool's one connection.
        await single.query('DEALLOCATE ALL');
        expect(await single.query(INSERT, [2, 'two'])).toEqual([{ id: 2 }]);
        expect(await backendPid(single)).not.toBe(before);
        expect(await single.query(PREPARED_HERE, [true])).toEqual([
          { name: preparedStatementName(INSERT), statement: INSERT },
        ]);
        expect(await single.query('SELECT id FROM public.pooled_probe ORDER BY id', [])).toEqual([
          { id: 1 },
          { id: 2 },
        ]);
      });
    });

    it('run unprepared when prepared statements are off (DB_PREPARED_STATEMENTS=off)', async () => {
      await withOneConnection(false, async (single) => {
        expect(await single.query(INSERT, [1, 'one'])).toEqual([{ id: 1 }]);
        expect(await single.query(RELABEL, [1, 'un'])).toEqual([[{ id: 1 }], 1]);
        expect(await single.query(PREPARED_HERE, [true])).toEqual([]);
      });
    });
  });
});
