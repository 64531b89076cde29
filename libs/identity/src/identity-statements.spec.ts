import { join } from 'node:path';
import { expectSqlSnapshot, renderStatements, snapshotGroup } from '@cw/testing';
import { agentTestGrantStatements } from './agent-test/agent-test-grant.repository';
import { agentTestSignInLinkStatements } from './agent-test/agent-test-sign-in-link.repository';
import { apiKeyStatements } from './api-keys/api-key.repository';
import { companyStatements } from './directory/company.repository';
import { membershipStatements } from './directory/membership.repository';
import { operatorGrantStatements } from './directory/operator-grant.repository';
import { personStatements } from './directory/person.repository';
import { teamMembershipStatements } from './directory/team-membership.repository';
import { teamStatements } from './directory/team.repository';
import { authorizationCodeStatements } from './oauth/authorization-code.repository';
import { oauthClientStatements } from './oauth/oauth-client.repository';
import { oauthSignInStatements } from './oauth/oauth-sign-in.repository';
import { oauthTokenStatements } from './oauth/oauth-token.repository';
import { sessionStatements } from './sessions/session.repository';

const PERSON = '11111111-1111-4111-8111-111111111111';
const COMPANY = '22222222-2222-4222-8222-222222222222';
const SIGN_IN = '33333333-3333-4333-8333-333333333333';
const SESSION = '44444444-4444-4444-8444-444444444444';
const GRANT = '55555555-5555-4555-8555-555555555555';
const APPROVER = '66666666-6666-4666-8666-666666666666';
const API_KEY = '77777777-7777-4777-8777-777777777777';
const CLIENT = 'cwc_example';
const HASH = Buffer.alloc(32);
const TEAM = '55555555-5555-4555-8555-555555555555';
const KEY = '66666666-6666-4666-8666-666666666666';
const member = { companyId: COMPANY, personId: PERSON };
const AT = new Date('2026-01-02T03:04:05.000Z');

const code = {
  codeHash: HASH,
  clientId: CLIENT,
  companyId: COMPANY,
  personId: PERSON,
  sessionId: SESSION,
  redirectUri: 'https://app.example/cb',
  scopes: ['wiki:read'],
  codeChallenge: 'challenge',
  resource: null,
  expiresAt: AT,
};
const signIn = {
  clientId: CLIENT,
  companyId: COMPANY,
  personId: PERSON,
  sessionId: SESSION,
  scopes: ['wiki:read'],
  offline: true,
};

// One file per feature folder's repositories: libs/identity/sql/<folder>.sql.
const snapshots = {
  directory: [
    snapshotGroup({
      owner: 'CompanyRepository',
      statements: companyStatements,
      examples: {
        insertIfAbsent: [['Acme']],
        findByName: [['Acme']],
        findById: [[COMPANY]],
        findIdsByLegacyIds: [[['1', '2']]],
        anyCompany: [[]],
        lockForSeeding: [[]],
      },
    }),
    snapshotGroup({
      owner: 'PersonRepository',
      statements: personStatements,
      examples: {
        insertIfAbsent: [['ada@example.test', 'Ada']],
        findByEmail: [['ada@example.test']],
        findById: [[PERSON]],
        findWithPasswordByEmail: [['ada@example.test']],
        setPasswordHash: [[PERSON, '$argon2id$example']],
        lockForWrite: [[PERSON]],
      },
    }),
    snapshotGroup({
      owner: 'MembershipRepository',
      statements: membershipStatements,
      examples: {
        upsert: [[member, 'admin']],
        delete: [[member]],
        findRole: [[member]],
        findAccess: [[member]],
        findForSignIn: [
          [PERSON, COMPANY],
          [PERSON, null],
        ],
      },
    }),
    snapshotGroup({
      owner: 'TeamRepository',
      statements: teamStatements,
      examples: {
        insertIfAbsent: [[COMPANY, 'Platform']],
        findByName: [[COMPANY, 'Platform']],
        findByIds: [[[TEAM]]],
      },
    }),
    snapshotGroup({
      owner: 'TeamMembershipRepository',
      statements: teamMembershipStatements,
      examples: { insertIfAbsent: [[TEAM, PERSON]] },
    }),
    snapshotGroup({
      owner: 'OperatorGrantRepository',
      statements: operatorGrantStatements,
      examples: {
        insertIfAbsent: [[PERSON, 'feedback.view']],
        delete: [[PERSON, 'feedback.view']],
        findHeld: [[PERSON, ['feedback.view', 'queues.manage']]],
      },
    }),
  ],
  'api-keys': [
    snapshotGroup({
      owner: 'ApiKeyRepository',
      statements: apiKeyStatements,
      examples: {
        findLiveByTokenHash: [[HASH]],
        findLiveById: [[KEY]],
        countLive: [[PERSON]],
        insert: [
          [
            {
              tokenHash: HASH,
              tokenPrefix: 'cwk_abcd',
              companyId: COMPANY,
              personId: PERSON,
              name: 'CI',
              scopes: ['wiki:read'],
            },
          ],
        ],
        findLiveOf: [[PERSON, COMPANY]],
        findLive: [[{ personId: PERSON }], [{ companyId: COMPANY }], [member]],
        revokeById: [[KEY]],
        revokeOwned: [[KEY, member]],
      },
    }),
  ],
  sessions: [
    snapshotGroup({
      owner: 'SessionRepository',
      statements: sessionStatements,
      examples: {
        findLiveByTokenHash: [[HASH]],
        insert: [[{ tokenHash: HASH, ...member, kind: 'password', expiresAt: AT }]],
        findKindAndExpiry: [[SESSION]],
        revoke: [[SESSION]],
      },
    }),
  ],
  oauth: [
    snapshotGroup({
      owner: 'OAuthClientRepository',
      statements: oauthClientStatements,
      examples: {
        insert: [
          [
            {
              id: CLIENT,
              clientName: 'Example',
              clientUri: null,
              redirectUris: ['https://app.example/cb'],
            },
          ],
        ],
        deleteUnused: [[24, 500]],
        findById: [[CLIENT]],
      },
    }),
    snapshotGroup({
      owner: 'AuthorizationCodeRepository',
      statements: authorizationCodeStatements,
      examples: {
        insert: [[code]],
        deleteStale: [[]],
        findByHash: [[HASH]],
        markUsed: [[HASH]],
        markReplayed: [[HASH]],
        lockForIssue: [[HASH]],
        linkSignIn: [[HASH, SIGN_IN]],
      },
    }),
    snapshotGroup({
      owner: 'OAuthSignInRepository',
      statements: oauthSignInStatements,
      examples: {
        insert: [[signIn]],
        countLive: [[PERSON]],
        findLiveOf: [[PERSON, COMPANY]],
        findLiveById: [[SIGN_IN]],
        lockLive: [[SIGN_IN]],
        revoke: [[[SIGN_IN], 'refresh_reuse']],
        revokeOfClient: [[{ personId: PERSON, companyId: COMPANY, clientId: CLIENT }]],
        revokeOfSession: [[SESSION]],
        revokeOwn: [[SIGN_IN, PERSON, COMPANY]],
      },
    }),
    snapshotGroup({
      owner: 'OAuthTokenRepository',
      statements: oauthTokenStatements,
      examples: {
        insertAccess: [[SIGN_IN, HASH, AT]],
        insertRefresh: [[SIGN_IN, HASH]],
        deleteIdle: [[SIGN_IN]],
        findLiveAccess: [[HASH]],
        touchAccess: [[SIGN_IN, 2_592_000]],
        findRefresh: [[HASH]],
        markRefreshUsed: [[HASH]],
        signInOf: [[HASH]],
      },
    }),
  ],
  'agent-test': [
    snapshotGroup({
      owner: 'AgentTestGrantRepository',
      statements: agentTestGrantStatements,
      examples: {
        insert: [[{ companyId: COMPANY, personId: PERSON, scopes: ['wiki:read'], expiresAt: AT }]],
        findForApproval: [[GRANT, COMPANY]],
        approve: [[GRANT, COMPANY, APPROVER]],
        lockForExchange: [[GRANT]],
        markExchanged: [[GRANT, API_KEY]],
      },
    }),
    snapshotGroup({
      owner: 'AgentTestSignInLinkRepository',
      statements: agentTestSignInLinkStatements,
      examples: {
        insert: [
          [
            {
              tokenHash: HASH,
              companyId: COMPANY,
              personId: PERSON,
              createdBy: APPROVER,
              expiresAt: AT,
            },
          ],
        ],
        consume: [[HASH]],
      },
    }),
  ],
};

describe('the SQL of the identity repositories', () => {
  it.each(Object.entries(snapshots))(
    'libs/identity/sql/%s.sql is what they run',
    (folder, groups) => {
      const path = join(__dirname, '..', 'sql', `${folder}.sql`);
      expectSqlSnapshot(
        path,
        renderStatements('libs/identity/src/identity-statements.spec.ts', groups),
      );
    },
  );
});
