import { type PostgresBinaries } from './binaries';
import { type Log, run, runOrThrow, sleep } from './processes';

export const databaseName = 'app';
export const superuser = 'postgres';

const connection = (port: number) => ['-h', '127.0.0.1', '-p', String(port), '-U', superuser];

export async function postgresAnswers(port: number, binaries?: PostgresBinaries): Promise<boolean> {
  const args = ['-q', ...connection(port), '-d', 'postgres', '-t', '3'];
  const result = await run(binaries?.pgIsReady ?? 'pg_isready', args).catch(() => ({ code: 1 }));
  return result.code === 0;
}

export async function waitUntilAnswering(port: number, binaries: PostgresBinaries): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    if (await postgresAnswers(port, binaries)) return;
    await sleep(250);
  }
  throw new Error(`PostgreSQL is running but does not answer on 127.0.0.1:${port}.`);
}

export async function ensureDatabase(
  port: number,
  binaries: PostgresBinaries,
  log: Log,
): Promise<void> {
  const args = [...connection(port), '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-tA'];
  const psql = (sql: string) => runOrThrow(binaries.psql, [...args, '-c', sql]);
  const found = await psql(`select 1 from pg_database where datname = '${databaseName}'`);
  if (found.stdout.trim() === '1') return;
  log(`creating database "${databaseName}"`);
  await psql(`create database ${databaseName}`);
}
