import { join } from 'node:path';
import { expectSqlSnapshot, renderStatements, snapshotGroup } from '@cw/testing';
import { hookLifecycleStatements } from './access/hook-lifecycle.repository';
import { deliveryAttemptStatements } from './deliveries/delivery-attempt.repository';
import { deliveryDueStatements } from './deliveries/delivery-due.repository';
import { deliveryFanoutStatements } from './deliveries/delivery-fanout.repository';
import { deliveryHistoryStatements } from './deliveries/delivery-history.repository';
import { deliverySettlementStatements } from './deliveries/delivery-settlement.repository';
import { deliveryReceiptsStatements } from './deliveries/delivery-receipts.repository';
import { reportFanoutStatements } from './deliveries/report-fanout.repository';
import { hookMatchingStatements } from './registration/hook-matching.repository';
import { type NewHook, hookStatements } from './registration/hook.repository';
import { signingKeyStatements } from './signing/signing-key.repository';

const HOOK = '11111111-1111-4111-8111-111111111111';
const DELIVERY = '22222222-2222-4222-8222-222222222222';
const REPORT = '33333333-3333-4333-8333-333333333333';
const PERSON = '44444444-4444-4444-8444-444444444444';
const COMPANY = '55555555-5555-4555-8555-555555555555';
const AT = new Date('2026-01-02T03:04:05.000Z');
const owner = { personId: PERSON, companyId: COMPANY };
const callback: NewHook = {
  kind: 'callback',
  companyId: COMPANY,
  ownerId: PERSON,
  credentialKind: 'api_key',
  credentialId: PERSON,
  targetUrl: 'https://receiver.example/hook',
  reportId: REPORT,
  workflowId: null,
  statuses: null,
};
const attempt = { deliveryId: DELIVERY, attemptNumber: 2 };

// One file per feature folder's repositories: libs/hooks/sql/<folder>.sql.
const snapshots = {
  registration: [
    snapshotGroup({
      owner: 'HookRepository',
      statements: hookStatements,
      examples: {
        lockOwnerHooks: [[callback]],
        countLiveLike: [[callback], [{ ...callback, kind: 'subscription', reportId: null }]],
        insert: [[callback]],
        findOwned: [
          [owner, HOOK, false],
          [owner, HOOK, true],
        ],
        listLiveOwned: [[owner]],
        markSigned: [[HOOK]],
      },
    }),
    snapshotGroup({
      owner: 'HookMatchingRepository',
      statements: hookMatchingStatements,
      examples: {
        findMatching: [
          [[{ reportId: REPORT, companyId: COMPANY, workflowId: HOOK, status: 'completed' }]],
        ],
      },
    }),
  ],
  access: [
    snapshotGroup({
      owner: 'HookLifecycleRepository',
      statements: hookLifecycleStatements,
      examples: {
        end: [
          [HOOK, 'deleted'],
          [HOOK, 'undeliverable'],
        ],
        reopenUndeliverable: [[HOOK]],
        liveCredentials: [[{ credentialId: PERSON }], [{ ownerId: PERSON }]],
        cancelPendingOfHook: [[HOOK]],
      },
    }),
  ],
  signing: [
    snapshotGroup({
      owner: 'SigningKeyRepository',
      statements: signingKeyStatements,
      examples: {
        removeOfHook: [[HOOK]],
        insert: [[HOOK, { ciphertext: Buffer.alloc(76), encryptionKeyId: 'kek-1' }]],
      },
    }),
  ],
  deliveries: [
    snapshotGroup({
      owner: 'DeliveryFanoutRepository',
      statements: deliveryFanoutStatements,
      examples: {
        insertForReport: [[[HOOK], REPORT]],
        pendingForReport: [[REPORT, [HOOK]]],
      },
    }),
    snapshotGroup({
      owner: 'DeliveryAttemptRepository',
      statements: deliveryAttemptStatements,
      examples: { pendingAttemptsOfIds: [[[DELIVERY]]] },
    }),
    snapshotGroup({
      owner: 'DeliverySettlementRepository',
      statements: deliverySettlementStatements,
      examples: {
        settleDelivered: [[[{ ...attempt, attemptedAt: AT }]]],
        settleForRetry: [[attempt, AT, 30, 'http_503']],
        settleFailed: [
          [attempt, AT, 'http_400', true],
          [attempt, AT, 'blocked', false],
        ],
        cancelAttempt: [[attempt, 'hook_ended']],
      },
    }),
    snapshotGroup({
      owner: 'DeliveryHistoryRepository',
      statements: deliveryHistoryStatements,
      examples: {
        listOfHook: [[HOOK, 50, 0]],
        findOfHook: [[HOOK, DELIVERY]],
        replay: [[HOOK, DELIVERY, 1]],
      },
    }),
    snapshotGroup({
      owner: 'DeliveryReceiptsRepository',
      statements: deliveryReceiptsStatements,
      examples: { receiptsOf: [[owner, [REPORT]]] },
    }),
    snapshotGroup({
      owner: 'DeliveryDueRepository',
      statements: deliveryDueStatements,
      examples: { findOverdue: [[60, 500, 0]] },
    }),
    snapshotGroup({
      owner: 'ReportFanoutRepository',
      statements: reportFanoutStatements,
      examples: {
        record: [[[REPORT]]],
        unrecorded: [[[REPORT]]],
        prune: [[7200]],
      },
    }),
  ],
};

describe('the SQL of the hooks repositories', () => {
  it.each(Object.entries(snapshots))('libs/hooks/sql/%s.sql is what they run', (folder, groups) => {
    const path = join(__dirname, '..', 'sql', `${folder}.sql`);
    expectSqlSnapshot(path, renderStatements('libs/hooks/src/hooks-statements.spec.ts', groups));
  });
});
