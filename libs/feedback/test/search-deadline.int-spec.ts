import { dataSourceOptions, PooledDataSource } from '@cw/db';
import { AppError } from '@cw/platform';
import { createTestDatabase, type TestDatabase } from '@cw/testing';
import { SEARCH_STATEMENT_TIMEOUT_MS, withSearchDeadline } from '../src/reports/search-deadline';

jest.setTimeout(60_000);

describe('the feedback search deadline (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: PooledDataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await new PooledDataSource(
      dataSourceOptions({ url: database.url, poolSize: 2 }),
    ).initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('stops a search statement at the deadline and says so in a 400', async () => {
    const started = Date.now();
    const stopped = await withSearchDeadline(
      dataSource,
      (manager) => manager.query('SELECT pg_sleep(30)'),
      200,
    ).catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(stopped).toBeInstanceOf(AppError);
    expect(stopped).toMatchObject({
      status: 400,
      details: { reason: 'search_too_slow' },
      message: expect.stringContaining('ran longer than 0.2 s') as string,
    });
  });

  it('answers a search within the deadline, read-only, and leaves the connection as it was', async () => {
    const rows = await withSearchDeadline(dataSource, (manager) =>
      manager.query<{ timeoutMs: number; readOnly: string }[]>(
        `SELECT (extract(epoch FROM current_setting('statement_timeout')::interval) * 1000)::int
                  AS "timeoutMs",
                current_setting('transaction_read_only') AS "readOnly"`,
      ),
    );
    expect(rows).toEqual([{ timeoutMs: SEARCH_STATEMENT_TIMEOUT_MS, readOnly: 'on' }]);
    const write = withSearchDeadline(dataSource, (manager) =>
      manager.query('CREATE TABLE public.never_made (id int)'),
    );
    await expect(write).rejects.toThrow(/read-only transaction/);
    const after = await dataSource.query<{ timeout: string }[]>(
      `SELECT current_setting('statement_timeout') AS timeout`,
    );
    expect(after).toEqual([{ timeout: '0' }]);
  });
});
