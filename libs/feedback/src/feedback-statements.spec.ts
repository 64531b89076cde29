import { join } from 'node:path';
import { expectSqlSnapshot, renderStatements, snapshotGroup } from '@cw/testing';
import { inboxAttachmentStatements } from './inbox/inbox-attachment.repository';
import type { InboxFilter } from './inbox/inbox-filter';
import { inboxQueryStatements } from './inbox/inbox-query.repository';
import { type NewReport, submissionStatements } from './inbox/submission.repository';
import { triageStatements } from './inbox/triage.repository';
import { pullRequestLinkStatements } from './intake/github/pull-request-link.repository';
import { leaseStatements } from './intake/lease/lease.repository';
import { proposalStatements } from './intake/proposals/proposal.repository';
import { reportViewStatements } from './reports/report-view.repository';

const REPORT = '11111111-1111-4111-8111-111111111111';
const ATTACHMENT = '22222222-2222-4222-8222-222222222222';
const PERSON = '44444444-4444-4444-8444-444444444444';
const COMPANY = '55555555-5555-4555-8555-555555555555';
const SESSION = 'intake-session-1';
const HASH = Buffer.alloc(32, 1);
const report: NewReport = {
  id: REPORT,
  companyId: COMPANY,
  companyName: 'Acme',
  submitterId: PERSON,
  submitterEmail: 'person@acme.example',
  submitterName: 'A Person',
  submissionId: 'retry-1',
  category: 'bug',
  message: 'The export button does nothing.',
  pagePath: '/wiki/pages/7',
};
const file = {
  id: ATTACHMENT,
  position: 0,
  filename: 'shot.png',
  contentType: 'image/png',
  size: 68,
  sha256: Buffer.alloc(32, 2),
  storageKey: `reports/${REPORT}/shot`,
};
const unfiltered: InboxFilter = {
  statuses: null,
  categories: null,
  companySets: [],
  page: null,
  search: null,
  createdAfter: null,
  createdBefore: null,
  hasPr: null,
};
const filtered: InboxFilter = {
  statuses: ['new', 'approved'],
  categories: ['bug'],
  companySets: [[COMPANY]],
  page: '/wiki/',
  search: null,
  createdAfter: new Date('2026-01-01T00:00:00.000Z'),
  createdBefore: new Date('2026-02-01T00:00:00.000Z'),
  hasPr: false,
};
const newest = { sort: 'created', direction: 'desc' } as const;
const result = {
  outcome: 'pull_request',
  status: 'pr_open',
  pullRequestUrl: 'https://github.example/acme/app/pull/1',
  note: null,
} as const;

// One file per feature folder's repositories: libs/feedback/sql/<folder>.sql.
const snapshots = {
  inbox: [
    snapshotGroup({
      owner: 'SubmissionRepository',
      statements: submissionStatements,
      examples: {
        findBySubmission: [[PERSON, 'retry-1']],
        lockSubmitter: [[PERSON]],
        hourFullFor: [[PERSON, 10]],
        insertReport: [[report]],
        insertAttachments: [[REPORT, [file]]],
      },
    }),
    snapshotGroup({
      owner: 'TriageRepository',
      statements: triageStatements,
      examples: { lockStatus: [[REPORT]], setStatus: [[REPORT, 'approved']] },
    }),
    snapshotGroup({
      owner: 'InboxAttachmentRepository',
      statements: inboxAttachmentStatements,
      examples: { find: [[REPORT, ATTACHMENT]] },
    }),
    snapshotGroup({
      owner: 'InboxQueryRepository',
      statements: inboxQueryStatements,
      examples: {
        ids: [
          [unfiltered, newest],
          [filtered, { sort: 'id', direction: 'asc' }],
        ],
        pageInIndexOrder: [
          [unfiltered, newest, 50, 0],
          [filtered, { sort: 'company', direction: 'asc' }, 50, 100],
        ],
        pageOfSearchMatches: [[{ ...filtered, search: 'export' }, 'export', newest, 50, 0]],
        total: [[filtered]],
      },
    }),
  ],
  reports: [
    snapshotGroup({
      owner: 'ReportViewRepository',
      statements: reportViewStatements,
      examples: { byIds: [[[REPORT]]] },
    }),
  ],
  intake: [
    snapshotGroup({
      owner: 'LeaseRepository',
      statements: leaseStatements,
      examples: {
        returnExpired: [[]],
        claimOldestApproved: [[SESSION, HASH, 900]],
        recordPlan: [[REPORT, HASH, 'Fix the export button.']],
        renew: [[REPORT, HASH, 900]],
        recordStarted: [[REPORT, HASH]],
        recordResult: [[REPORT, HASH, result]],
        releasedResult: [[REPORT, HASH]],
        heldAttachment: [[REPORT, HASH, ATTACHMENT]],
      },
    }),
    snapshotGroup({
      owner: 'ProposalRepository',
      statements: proposalStatements,
      examples: {
        exists: [[REPORT]],
        pendingIds: [
          [null, 20],
          [REPORT, 20],
        ],
        searchPage: [['%export%', 20, 0]],
        searchTotal: [['%export%']],
        attachmentOf: [[REPORT, ATTACHMENT]],
        store: [[REPORT, { summary: 'Export fails', plan: null, duplicate_of: null }]],
      },
    }),
    snapshotGroup({
      owner: 'PullRequestLinkRepository',
      statements: pullRequestLinkStatements,
      examples: {
        apply: [
          [REPORT, result.pullRequestUrl, 'open'],
          [REPORT, result.pullRequestUrl, 'reopen'],
          [REPORT, result.pullRequestUrl, 'merge'],
          [REPORT, result.pullRequestUrl, 'close_unmerged'],
        ],
        statusOf: [[REPORT]],
      },
    }),
  ],
};

describe('the SQL of the feedback repositories', () => {
  it.each(Object.entries(snapshots))(
    'libs/feedback/sql/%s.sql is what they run',
    (folder, groups) => {
      const path = join(__dirname, '..', 'sql', `${folder}.sql`);
      expectSqlSnapshot(
        path,
        renderStatements('libs/feedback/src/feedback-statements.spec.ts', groups),
      );
    },
  );
});
