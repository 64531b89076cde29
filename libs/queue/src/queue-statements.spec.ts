import { join } from 'node:path';
import { expectSqlSnapshot, renderStatements, snapshotGroup } from '@cw/testing';
import { sql } from 'kysely';
import { outboxStatements } from './outbox/outbox.repository';

const write = sql<{
  id: number;
  name: string;
}>`INSERT INTO example_rows (id, name) VALUES (${7}, ${'row 7'}) RETURNING id, name`;
const payload = sql`jsonb_build_object('run_id', name)`;

// One file per feature folder's repositories: libs/queue/sql/<folder>.sql.
const snapshots = {
  outbox: [
    snapshotGroup({
      owner: 'OutboxRepository',
      statements: outboxStatements,
      examples: {
        insert: [['report.finished', { run_id: 'r1' }]],
        insertForRows: [
          ['report.finished', { write }, payload],
          [
            'run.requested',
            {
              write,
              preceding: [{ name: 'counted', statement: sql`SELECT 1 AS counted WHERE ${true}` }],
              alongside: [sql`INSERT INTO example_notes SELECT id, ${'noted'}::text FROM written`],
            },
            payload,
          ],
        ],
        lockUnpublished: [[100]],
        anyUnpublished: [[]],
        backlog: [[]],
        markPublished: [[['1', '2']]],
      },
    }),
  ],
};

describe('the SQL of the queue repositories', () => {
  it.each(Object.entries(snapshots))('libs/queue/sql/%s.sql is what they run', (folder, groups) => {
    const path = join(__dirname, '..', 'sql', `${folder}.sql`);
    expectSqlSnapshot(path, renderStatements('libs/queue/src/queue-statements.spec.ts', groups));
  });
});
