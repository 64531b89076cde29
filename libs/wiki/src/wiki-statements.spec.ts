import { join } from 'node:path';
import { expectSqlSnapshot, renderStatements, snapshotGroup } from '@cw/testing';
import { commentStatements } from './comments/comment.repository';
import { pageFileStatements } from './files/file.repository';
import { shareLinkStatements } from './share-links/share-link.repository';

const PAGE = '42';
const PERSON = '44444444-4444-4444-8444-444444444444';
const OTHER = '66666666-6666-4666-8666-666666666666';

// One file per feature folder's repositories: libs/wiki/sql/<folder>.sql.
const snapshots = {
  comments: [
    snapshotGroup({
      owner: 'CommentRepository',
      statements: commentStatements,
      examples: {
        listForPage: [[PAGE, 50, 0]],
        lockAuthorOnPage: [[PAGE, PERSON]],
        countOf: [[PAGE, PERSON]],
        insert: [[{ pageId: PAGE, authorId: PERSON, bodyMd: 'Looks right.' }]],
      },
    }),
  ],
  files: [
    snapshotGroup({
      owner: 'PageFileRepository',
      statements: pageFileStatements,
      examples: {
        lockPage: [[PAGE]],
        totalOfPage: [[PAGE]],
        insert: [
          [
            {
              pageId: PAGE,
              filename: 'notes.txt',
              contentType: 'text/plain',
              sizeBytes: 5,
              sha256: Buffer.alloc(32),
              data: Buffer.from('notes'),
              uploadedBy: PERSON,
            },
          ],
        ],
        listForPage: [[PAGE, 50, 0]],
        findContent: [[PAGE, OTHER]],
      },
    }),
  ],
  'share-links': [
    snapshotGroup({
      owner: 'ShareLinkRepository',
      statements: shareLinkStatements,
      examples: {
        lockPage: [[PAGE]],
        countLive: [[PAGE]],
        insert: [
          [
            {
              pageId: PAGE,
              tokenHash: Buffer.alloc(32),
              tokenPrefix: 'cws_ab12',
              createdBy: PERSON,
            },
          ],
        ],
        listLive: [[PAGE]],
        revoke: [[PAGE, OTHER]],
        findSharedPage: [[Buffer.alloc(32)]],
      },
    }),
  ],
};

describe('the SQL of the wiki repositories', () => {
  it.each(Object.entries(snapshots))('libs/wiki/sql/%s.sql is what they run', (folder, groups) => {
    const path = join(__dirname, '..', 'sql', `${folder}.sql`);
    expectSqlSnapshot(path, renderStatements('libs/wiki/src/wiki-statements.spec.ts', groups));
  });
});
