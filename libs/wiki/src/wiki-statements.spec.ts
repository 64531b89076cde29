import { join } from 'node:path';
import { expectSqlSnapshot, renderStatements, snapshotGroup } from '@cw/testing';
import { commentStatements } from './comments/comment.repository';
import { pageFileStatements } from './files/file.repository';
import { type FolderRecord, folderStatements } from './folders/folder.repository';
import { folderTreeStatements } from './folders/folder-tree.repository';
import { landingRuleStatements } from './folders/landing-rules/landing-rule.repository';
import { pageListingStatements } from './pages/page-listing.repository';
import { pageMemoryStatements } from './pages/page-memory.sql';
import { pageMutationStatements } from './pages/page-mutation.repository';
import { pageReadStatements } from './pages/page-read.repository';
import { pageSearchStatements } from './pages/page-search.repository';
import { pageTrashStatements } from './pages/page-trash.repository';
import { type NewPageVersionRow, pageVersionStatements } from './pages/page-version.repository';
import { pageWriteStatements } from './pages/page-write.repository';
import { expansionOf } from './search/prefix-expansion';
import { prefixLexemesStatements } from './search/prefix-lexemes.sql';
import { parseSearchText } from './search/search-text';
import { shareLinkStatements } from './share-links/share-link.repository';
import { benchStatements } from './testing/bench-statements';
import { bulkWikiStatements } from './testing/bulk-wiki-seeder';
import { seededWikiStatements } from './testing/seeded-wiki';

const PAGE = '42';
const PERSON = '44444444-4444-4444-8444-444444444444';
const OTHER = '66666666-6666-4666-8666-666666666666';
const COMPANY = '55555555-5555-4555-8555-555555555555';
const TEAM = '77777777-7777-4777-8777-777777777777';
const reader = { companyId: COMPANY, personId: PERSON, teamIds: [TEAM] };
const hits = { limit: 10, offset: 0 };
const FOLDER = '88888888-8888-4888-8888-888888888888';
const privateLane = { lane: 'private' as const, ownerId: PERSON };
const companyLane = { lane: 'company' as const, ownerId: null };
const legacyRef = { kind: 'legacy' as const, id: PAGE };
const publicRef = { kind: 'public' as const, id: OTHER };
const newPage = {
  companyId: COMPANY,
  lane: 'private' as const,
  laneOwnerId: PERSON,
  folderId: null,
  folderPath: '/Private/Inbox',
  title: 'Invoice 12',
  contentMd: '# Invoice 12',
  createdBy: PERSON,
  inboxKey: 'mail-1',
};
const newVersion: NewPageVersionRow = {
  pageId: PAGE,
  version: 3,
  title: 'Invoice 12',
  contentMd: '# Invoice 12',
  isDraft: false,
  basedOnVersion: 2,
  authorId: PERSON,
  message: 'totals',
  sourceKind: 'api_key',
  sourceProvider: null,
  sourceLabel: 'billing bot',
};
const mutationKey = { companyId: COMPANY, personId: PERSON, mutationId: 'm-1' };
const folder: FolderRecord = {
  id: FOLDER,
  lane: 'team',
  laneOwnerId: TEAM,
  parentId: null,
  name: 'Docs',
  path: '/Teams/Core/Docs',
  createdAt: new Date('2026-01-02T03:04:05.000Z'),
};
/** The cached expansion of the typed-ahead `deplo`, and one no page word starts with. */
const expanded = expansionOf('deplo', 'deplo', ['deploy', 'deployment']);
const unmatched = expansionOf('deplx', 'deplx', []);
/** Every shape of the tsquery: whole words, a lone prefix, a prefix after "and" and "or". */
const texts = {
  words: parseSearchText('"release notes" -draft'),
  lone: parseSearchText('deplo'),
  and: parseSearchText('release deplo'),
  or: parseSearchText('release or deplo'),
};

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
  search: [
    snapshotGroup({
      owner: 'SearchTermRepository',
      statements: prefixLexemesStatements,
      examples: { expandPrefix: [[COMPANY, 'deplo']] },
    }),
  ],
  pages: [
    snapshotGroup({
      owner: 'PageReadRepository',
      statements: pageReadStatements,
      examples: {
        findVisible: [
          [reader, legacyRef, false],
          [reader, publicRef, true],
        ],
        findForUpsert: [[reader, privateLane, '/Private/Inbox', 'Invoice 12', 'mail-1']],
        findVisibleBatch: [[reader, [PAGE], [OTHER]]],
      },
    }),
    snapshotGroup({
      owner: 'PageListingRepository',
      statements: pageListingStatements,
      examples: {
        listInFolder: [
          [reader, privateLane, '/Private/Notes', 51, 0],
          [reader, companyLane, '/Company/Handbook', 51, 50],
        ],
        listRecentlyUpdated: [[reader, 5]],
        listChanges: [
          [reader, '2026-01-02T03:04:05.000000Z', null, 100],
          [
            reader,
            '2026-01-02T03:04:05.000000Z',
            { updatedAt: '2026-01-01T00:00:00.000000Z', id: PAGE },
            100,
          ],
        ],
        changeHorizon: [[]],
      },
    }),
    snapshotGroup({
      owner: 'PageWriteRepository',
      statements: pageWriteStatements,
      examples: {
        isPathTaken: [
          [
            { companyId: COMPANY, lane: 'private', laneOwnerId: PERSON, folderPath: '/Private' },
            'Invoice 12',
            PAGE,
          ],
        ],
        insertUnlessTaken: [[newPage]],
        updateHead: [[PAGE, { title: 'Invoice 12', content: '# Invoice 12' }, 3]],
        advanceLastVersion: [[PAGE, 4]],
        relocate: [
          [PAGE, { lane: 'team', ownerId: TEAM, folderId: FOLDER, folderPath: '/Teams/Core/Docs' }],
        ],
        followFolderPaths: [[[FOLDER]]],
      },
    }),
    snapshotGroup({
      owner: 'PageTrashRepository',
      statements: pageTrashStatements,
      examples: {
        markTrashed: [[PAGE, PERSON]],
        listTrashed: [[reader, 50, 0]],
        lockTrashed: [
          [COMPANY, legacyRef],
          [COMPANY, publicRef],
        ],
        markRestored: [[PAGE]],
      },
    }),
    snapshotGroup({
      owner: 'PageVersionRepository',
      statements: pageVersionStatements,
      examples: {
        insert: [[newVersion]],
        pruneDrafts: [[PAGE, PERSON, 20]],
        findHeadBody: [[PAGE, 3]],
        listForPage: [[PAGE, 51, 0]],
        findOne: [[PAGE, 3]],
      },
    }),
    snapshotGroup({
      owner: 'PageMutationRepository',
      statements: pageMutationStatements,
      examples: {
        find: [[mutationKey]],
        insert: [
          [mutationKey, { requestHash: Buffer.alloc(32), status: 200, response: { ok: true } }],
        ],
      },
    }),
    snapshotGroup({
      owner: 'PageSearchRepository',
      statements: pageSearchStatements,
      examples: {
        search: [
          [reader, texts.words, null, hits, false],
          [reader, texts.lone, null, hits, false],
          [reader, texts.and, null, hits, false],
          [reader, texts.or, null, hits, false],
          [reader, texts.lone, expanded, hits, false],
          [reader, texts.and, expanded, { limit: 10, offset: 20 }, true],
          [reader, texts.or, unmatched, hits, true],
        ],
      },
    }),
    snapshotGroup({
      owner: 'PageSearchRepository (memory)',
      statements: pageMemoryStatements,
      examples: {
        standingMemory: [[reader]],
        memoryMatches: [
          [reader, texts.and, expanded, false, 6],
          [reader, texts.lone, null, true, 6],
        ],
      },
    }),
  ],
  folders: [
    snapshotGroup({
      owner: 'FolderRepository',
      statements: folderStatements,
      examples: {
        insertUnlessTaken: [
          [
            {
              companyId: COMPANY,
              lane: 'private',
              laneOwnerId: PERSON,
              parentId: null,
              name: 'Notes',
              path: '/Private/Notes',
              createdBy: PERSON,
            },
          ],
        ],
        findChildId: [[COMPANY, companyLane, FOLDER, 'Handbook']],
        findByPath: [
          [COMPANY, privateLane, '/Private/Notes', false],
          [COMPANY, privateLane, '/Private/Notes', true],
        ],
        findById: [[FOLDER]],
        countChildren: [
          [COMPANY, privateLane, FOLDER],
          [COMPANY, companyLane, null],
        ],
        listChildren: [
          [COMPANY, privateLane, FOLDER, 51, 0],
          [COMPANY, companyLane, null, 51, 50],
        ],
      },
    }),
    snapshotGroup({
      owner: 'FolderTreeRepository',
      statements: folderTreeStatements,
      examples: {
        lockLane: [[COMPANY, privateLane]],
        countLiveContents: [[COMPANY, folder]],
        markDeleted: [[FOLDER]],
        lockSubtree: [[FOLDER]],
        lockPagesOf: [[[FOLDER, OTHER]]],
        countUnreadableOf: [[[FOLDER, OTHER], PERSON]],
        move: [[FOLDER, { parentId: OTHER, name: 'Docs', path: '/Teams/Core/Archive/Docs' }]],
        setPaths: [[new Map([[OTHER, '/Teams/Core/Archive/Docs/Old']])]],
      },
    }),
    snapshotGroup({
      owner: 'LandingRuleRepository',
      statements: landingRuleStatements,
      examples: {
        lockLiveFolder: [[COMPANY, FOLDER]],
        upsert: [
          [{ folderId: FOLDER, companyId: COMPANY, titlePattern: 'Invoice *', setBy: PERSON }],
        ],
        delete: [[FOLDER]],
        listReachable: [[reader, 200]],
        findReachable: [[reader, FOLDER]],
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
  testing: [
    snapshotGroup({
      owner: 'bench-statements',
      statements: benchStatements,
      examples: {
        copyPageForRawWrites: [[42, '# A body of another size']],
        pagesMatchingEachWord: [[COMPANY, ['customer', 'invoice']]],
        countVisiblePages: [[reader]],
        findReadableCompanyPage: [[COMPANY]],
      },
    }),
    snapshotGroup({
      owner: 'seeded-wiki',
      statements: seededWikiStatements,
      examples: {
        countPages: [[[COMPANY]]],
        pagesWithoutFirstVersion: [[[COMPANY]]],
        privatePagesOfOthers: [[[COMPANY]]],
        pagesOffTheirFolder: [[[COMPANY]]],
        pageAuthorCounts: [[[COMPANY]]],
        wikiTableSizes: [[]],
      },
    }),
    snapshotGroup({
      owner: 'BulkWikiSeeder',
      statements: bulkWikiStatements,
      examples: { pageIndexes: [[]] },
    }),
  ],
};

describe('the SQL of the wiki repositories', () => {
  it.each(Object.entries(snapshots))('libs/wiki/sql/%s.sql is what they run', (folder, groups) => {
    const path = join(__dirname, '..', 'sql', `${folder}.sql`);
    expectSqlSnapshot(path, renderStatements('libs/wiki/src/wiki-statements.spec.ts', groups));
  });
});
