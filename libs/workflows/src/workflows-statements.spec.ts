import { join } from 'node:path';
import type { Statement } from '@cw/db';
import type { OutboxTopic, RowsWrite } from '@cw/queue';
import { outboxStatements } from '@cw/queue/testing';
import { expectSqlSnapshot, renderStatements, snapshotGroup } from '@cw/testing';
import type { RawBuilder } from 'kysely';
import { authoringOperationStatements } from './authoring/authoring-operation.repository';
import { codeCellStatements } from './code-sessions/code-cell.repository';
import { codeSessionStatements } from './code-sessions/code-session.repository';
import { companyCounterStatements } from './definitions/company-counter.repository';
import type { WorkflowDefinition } from './definitions/workflow-definition';
import { type NewWorkflow, workflowStatements } from './definitions/workflow.repository';
import { REPORT_FINISHED_PAYLOAD } from './reports/run-report.writer';
import { completedRunsStatements } from './runs/completed-runs.repository';
import { type FinishedStepRecord, withFinishedSteps } from './runs/finished-steps.sql';
import { runEndingStatements } from './runs/run-ending.repository';
import { runLeaseStatements } from './runs/run-lease.repository';
import { runListingStatements } from './runs/run-listing.repository';
import { runReadStatements } from './runs/run-read.repository';
import { runRequestStatements } from './runs/run-request.repository';
import { runStartCountStatements } from './runs/run-start-count.repository';
import { RUN_REQUESTED_PAYLOAD } from './runs/run-start.service';
import {
  type NewRun,
  type NewRunOfStartableWorkflow,
  runStartStatements,
} from './runs/run-start.repository';
import { runStepStatements } from './runs/run-step.repository';
import { workPacketStatements } from './runs/work-packet.repository';
import { benchRunStatements } from './testing/bench-runs';
import { webhookLinkStatements, webhookStartCondition } from './triggers/webhook-link.repository';

const WORKFLOW = '11111111-1111-4111-8111-111111111111';
const RUN = '22222222-2222-4222-8222-222222222222';
const PERSON = '33333333-3333-4333-8333-333333333333';
const COMPANY = '44444444-4444-4444-8444-444444444444';
const TEAM = '55555555-5555-4555-8555-555555555555';
const OTHER = '66666666-6666-4666-8666-666666666666';
const AT = new Date('2026-01-02T03:04:05.000Z');
const reader = { companyId: COMPANY, personId: PERSON, teamIds: [TEAM] };
const owner = { companyId: COMPANY, personId: PERSON };
const definition: WorkflowDefinition = {
  steps: [{ id: 'compose', block: 'text.compose', prompt: 'Say hello' }],
} as unknown as WorkflowDefinition;
const newWorkflow: NewWorkflow = {
  companyId: COMPANY,
  number: 7,
  name: 'Digest',
  status: 'active',
  visibility: 'team',
  teamId: TEAM,
  ownerId: PERSON,
  inputs: [],
  definition,
  outputPage: { path: '/digests', title: 'Digest' },
  schedule: null,
};
const newRun: NewRun = {
  companyId: COMPANY,
  workflowId: WORKFLOW,
  startedBy: PERSON,
  trigger: 'api',
  title: 'Monday',
  inputs: { topic: 'news' },
  definition,
};
const startable: NewRunOfStartableWorkflow = {
  workflowId: WORKFLOW,
  starter: reader,
  startable: ['active'],
  trigger: 'api',
  title: null,
  inputs: { topic: 'news' },
};
const counted = (workflowId: string, condition?: Parameters<typeof countStart>[2]) =>
  countStart(workflowId, 100, condition);
const { countStart } = runStartCountStatements;
const link = { publicId: OTHER, tokenHash: Buffer.alloc(32) };
const step: FinishedStepRecord = {
  step_index: 0,
  step_id: 'compose',
  block: 'text.compose',
  status: 'completed',
  output: 'hello',
  error: null,
  started_ago_ms: 20,
  finished_ago_ms: 5,
};
const terms = { leaseSeconds: 30, staleSeconds: 300, lostClaimsToStale: 3 };
const slot = { runId: RUN, index: 1, stepId: 'send', block: 'wiki.write' };

/** A write as `OutboxWriter.appendForRows` runs it: with its events, in one statement. */
const withEvent =
  <Args extends unknown[], Row>(
    topic: OutboxTopic,
    payload: RawBuilder<unknown>,
    build: (...args: Args) => RowsWrite<Row>,
  ) =>
  (...args: Args): Statement<Row> =>
    outboxStatements.insertForRows(topic, build(...args), payload);

const startsWithEvent = {
  insertRunning: withEvent(
    'run.requested',
    RUN_REQUESTED_PAYLOAD,
    runStartStatements.insertRunning,
  ),
  insertRunningIfStartable: withEvent(
    'run.requested',
    RUN_REQUESTED_PAYLOAD,
    runStartStatements.insertRunningIfStartable,
  ),
  findStatus: runStartStatements.findStatus,
};

const endingsWithEvent = {
  finish: withEvent('report.finished', REPORT_FINISHED_PAYLOAD, (id: string) => ({
    write: runEndingStatements.finish(id, 'completed', null),
  })),
  finishHeld: withEvent(
    'report.finished',
    REPORT_FINISHED_PAYLOAD,
    (id: string, instant: FinishedStepRecord[], effectful: FinishedStepRecord[]) =>
      withFinishedSteps(
        {
          write: runEndingStatements.finish(id, 'completed', null, {
            generation: 3,
            cancelled:
              instant.length > 0
                ? { code: 'cancelled', message: 'The run was cancelled.' }
                : undefined,
          }),
        },
        { instant, effectful },
      ),
  ),
};

// One file per feature folder's repositories: libs/workflows/sql/<folder>.sql.
const snapshots = {
  definitions: [
    snapshotGroup({
      owner: 'WorkflowRepository',
      statements: workflowStatements,
      examples: {
        findVisible: [
          [reader, { kind: 'id', id: WORKFLOW }, false, false],
          [reader, { kind: 'number', number: 7 }, true, true],
        ],
        findVisibleByName: [[reader, 'Digest']],
        listVisible: [
          [reader, {}, { limit: 20, offset: 0 }],
          [reader, { status: 'active' }, { limit: 20, offset: 40 }],
        ],
        countVisible: [
          [reader, {}],
          [reader, { status: 'active' }],
        ],
        insert: [
          [newWorkflow],
          [{ ...newWorkflow, outputPage: null, schedule: { cron: '0 8 * * 1', timezone: 'UTC' } }],
        ],
        update: [
          [WORKFLOW, { name: 'Renamed' }],
          [WORKFLOW, { status: 'archived', schedule: null }],
        ],
        findById: [[WORKFLOW]],
        findSchedulesOf: [[[WORKFLOW]]],
        findSettledScheduled: [
          [null, 100, 60],
          [WORKFLOW, 100, 60],
        ],
        filterScheduledOrUnsettled: [[[WORKFLOW], 60]],
      },
    }),
    snapshotGroup({
      owner: 'CompanyCounterRepository',
      statements: companyCounterStatements,
      examples: { nextWorkflowNumber: [[COMPANY]], countLiveWorkflows: [[COMPANY]] },
    }),
  ],
  authoring: [
    snapshotGroup({
      owner: 'AuthoringOperationRepository',
      statements: authoringOperationStatements,
      examples: {
        claim: [
          [
            {
              ...owner,
              authoringRequestId: OTHER,
              requestHash: Buffer.alloc(32),
              request: { description: 'A digest' },
            },
          ],
        ],
        lockOwner: [[owner]],
        countComposing: [[owner, AT]],
        findByRequestId: [[{ ...owner, authoringRequestId: OTHER }]],
        findOwn: [[{ ...owner, id: OTHER }]],
        lockComposing: [[OTHER]],
        finish: [
          [OTHER, { status: 'saved', workflowId: WORKFLOW }],
          [OTHER, { status: 'needs_clarification', questions: ['Which wiki?'] }],
        ],
        failAbandoned: [
          [AT, 'abandoned'],
          [AT, 'abandoned', OTHER],
        ],
      },
    }),
  ],
  'code-sessions': [
    snapshotGroup({
      owner: 'CodeSessionRepository',
      statements: codeSessionStatements,
      examples: {
        lockOwner: [[owner]],
        countLive: [[owner]],
        insert: [[owner, 'javascript', 600]],
        lockOwned: [[owner, OTHER]],
        touch: [[OTHER, 600]],
        deleteOwned: [[owner, OTHER]],
        expireIdle: [[]],
        findLiveIds: [[[OTHER]]],
      },
    }),
    snapshotGroup({
      owner: 'CodeCellRepository',
      statements: codeCellStatements,
      examples: {
        nextNumber: [[OTHER]],
        insert: [[{ sessionId: OTHER, cell: 1, code: '1 + 1', status: 'ok' }]],
        listReplayable: [[OTHER]],
      },
    }),
  ],
  runs: [
    snapshotGroup({
      owner: 'RunStartRepository (a start with its run.requested event)',
      statements: startsWithEvent,
      examples: {
        insertRunning: [[newRun], [newRun, counted]],
        insertRunningIfStartable: [
          [startable],
          [{ ...startable, countStart: counted }],
          [
            {
              ...startable,
              trigger: 'webhook',
              requires: webhookStartCondition(link, PERSON),
              countStart: counted,
            },
          ],
        ],
        findStatus: [[RUN]],
      },
    }),
    snapshotGroup({
      owner: 'RunStartCountRepository',
      statements: runStartCountStatements,
      examples: { countStart: [[WORKFLOW, 100]] },
    }),
    snapshotGroup({
      owner: 'RunRequestRepository',
      statements: runRequestStatements,
      examples: {
        find: [[{ ...owner, runRequestId: OTHER }]],
        insert: [
          [
            {
              ...owner,
              runRequestId: OTHER,
              requestHash: Buffer.alloc(32),
              workflowId: WORKFLOW,
              runId: RUN,
            },
          ],
        ],
      },
    }),
    snapshotGroup({
      owner: 'RunEndingRepository',
      statements: runEndingStatements,
      examples: {
        requestCancel: [[RUN]],
        finish: [
          [RUN, 'completed', null],
          [RUN, 'failed', { code: 'x', message: 'broken' }, { generation: 3 }],
          [
            RUN,
            'completed',
            null,
            { generation: 3, cancelled: { code: 'cancelled', message: 'The run was cancelled.' } },
          ],
        ],
        remove: [[RUN]],
      },
    }),
    snapshotGroup({
      owner: 'RunStepRepository',
      statements: runStepStatements,
      examples: {
        stepsOfRuns: [[[RUN]]],
        writeWhileHeld: [
          [RUN, 3, { instant: [], effectful: [] }],
          [RUN, 3, { instant: [step], effectful: [{ ...step, step_index: 1 }] }, slot],
        ],
        markFinished: [
          [slot, 3, { status: 'failed', output: null, error: { code: 'x', message: 'y' } }],
        ],
        markWaiting: [[slot]],
        completeWaiting: [[slot, { answer: 42 }]],
      },
    }),
    snapshotGroup({
      owner: 'RunLeaseRepository',
      statements: runLeaseStatements,
      examples: {
        companyOf: [[RUN]],
        claim: [[RUN, terms]],
        heartbeat: [[RUN, 3]],
        lockHeld: [[RUN, 3]],
        sleepUntil: [[RUN, AT]],
        awaitWorkPacket: [[RUN]],
        resumeFromWorkPacket: [[RUN]],
        markRequeued: [[terms, 60, 500]],
      },
    }),
    snapshotGroup({
      owner: 'WorkPacketRepository',
      statements: workPacketStatements,
      examples: {
        insertOnce: [[{ runId: RUN, stepIndex: 1, instructions: 'Review the draft' }]],
        findOpen: [[RUN]],
        resolve: [[OTHER, { approved: true }]],
      },
    }),
    snapshotGroup({
      owner: 'RunReadRepository',
      statements: runReadStatements,
      examples: {
        findReadableMany: [[reader, [RUN]]],
        filterReadable: [[reader, [RUN]]],
        lockReadable: [[reader, RUN]],
      },
    }),
    snapshotGroup({
      owner: 'RunListingRepository',
      statements: runListingStatements,
      examples: {
        listReadable: [
          [reader, {}, { limit: 20, offset: 0 }],
          [reader, { status: 'completed', workflowId: WORKFLOW }, { limit: 20, offset: 20 }],
        ],
        countReadable: [[reader, { status: 'failed' }]],
      },
    }),
    snapshotGroup({
      owner: 'CompletedRunsRepository',
      statements: completedRunsStatements,
      examples: { completedBetween: [[{ completedAt: AT, id: RUN }, AT, 500]] },
    }),
  ],
  reports: [
    snapshotGroup({
      owner: 'RunReportWriter (a run ending with its report.finished event)',
      statements: endingsWithEvent,
      examples: {
        finish: [[RUN]],
        finishHeld: [
          [RUN, [], []],
          [RUN, [step], [{ ...step, step_index: 1 }]],
        ],
      },
    }),
  ],
  triggers: [
    snapshotGroup({
      owner: 'WebhookLinkRepository',
      statements: webhookLinkStatements,
      examples: {
        insertIfAbsent: [
          [{ workflowId: WORKFLOW, tokenHash: Buffer.alloc(32), createdBy: PERSON }],
        ],
        rotate: [[{ workflowId: WORKFLOW, tokenHash: Buffer.alloc(32), createdBy: PERSON }]],
        delete: [[WORKFLOW]],
        findCredential: [[OTHER]],
      },
    }),
  ],
  testing: [
    snapshotGroup({
      owner: 'bench-runs',
      statements: benchRunStatements,
      examples: {
        runTimings: [[[RUN]]],
        runStatusCounts: [[[WORKFLOW]]],
        unfinishedRuns: [[[WORKFLOW]]],
      },
    }),
  ],
};

describe('the SQL of the workflows repositories', () => {
  it.each(Object.entries(snapshots))(
    'libs/workflows/sql/%s.sql is what they run',
    (folder, groups) => {
      const path = join(__dirname, '..', 'sql', `${folder}.sql`);
      expectSqlSnapshot(
        path,
        renderStatements('libs/workflows/src/workflows-statements.spec.ts', groups),
      );
    },
  );
});
