import { join } from 'node:path';
import { expectSqlSnapshot, renderStatements, snapshotGroup } from '@cw/testing';
import { dismissedChipStatements } from './actions/dismissed-chip.repository';

const owner = {
  personId: '44444444-4444-4444-8444-444444444444',
  companyId: '55555555-5555-4555-8555-555555555555',
};

// One file per feature folder's repositories: libs/home/sql/<folder>.sql.
const snapshots = {
  actions: [
    snapshotGroup({
      owner: 'DismissedChipRepository',
      statements: dismissedChipStatements,
      examples: {
        insert: [[owner, 'misfiling-7']],
        dismissedAmong: [[owner, ['misfiling-7', 'misfiling-8']]],
      },
    }),
  ],
};

describe('the SQL of the home repositories', () => {
  it.each(Object.entries(snapshots))('libs/home/sql/%s.sql is what they run', (folder, groups) => {
    const path = join(__dirname, '..', 'sql', `${folder}.sql`);
    expectSqlSnapshot(path, renderStatements('libs/home/src/home-statements.spec.ts', groups));
  });
});
