import { IdentitySchema1763850000000 } from './1763850000000-identity-schema';
import { Outbox1763850000001 } from './1763850000001-outbox';
import { WikiSchema1763850000002 } from './1763850000002-wiki-schema';
import { WikiPathConsistency1763850000003 } from './1763850000003-wiki-path-consistency';
import { WikiShareLinkListing1763850000004 } from './1763850000004-wiki-share-link-listing';
import { WikiCompanySearchIndex1763850000005 } from './1763850000005-wiki-company-search-index';
import { WikiSearchVectorInline1763850000006 } from './1763850000006-wiki-search-vector-inline';
import { WikiSearchTerms1763850000007 } from './1763850000007-wiki-search-terms';
import { WorkflowsSchema1763850000008 } from './1763850000008-workflows-schema';
import { HooksSchema1763850000020 } from './1763850000020-hooks-schema';
import { OperatorGrantQueues1763850000030 } from './1763850000030-operator-grant-queues';
import { WikiDraftPruningIndex1763850000040 } from './1763850000040-wiki-draft-pruning-index';
import { FeedbackSchema1763850000050 } from './1763850000050-feedback-schema';
import { FeedbackReleasedLease1763850000052 } from './1763850000052-feedback-released-lease';
import { HomeSchema1763850000060 } from './1763850000060-home-schema';
import { HooksReportFanouts1763850000070 } from './1763850000070-hooks-report-fanouts';
import { OAuth1763850000100 } from './1763850000100-oauth';
import { AgentTestAuth1763850000110 } from './1763850000110-agent-test-auth';
import { FeedbackSearchWithoutPendingList1763850000120 } from './1763850000120-feedback-search-without-pending-list';
import { WikiSearchVectorWithinLimit1763850000130 } from './1763850000130-wiki-search-vector-within-limit';
import { WorkflowsRunStartCounts1763850000137 } from './1763850000137-workflows-run-start-counts';
import { WorkflowsRunClaimsWithoutProgress1763850000143 } from './1763850000143-workflows-run-claims-without-progress';
import { IdentityOAuthUnusedClients1763850000150 } from './1763850000150-identity-oauth-unused-clients';
import { PerPersonCountIndexes1763850000160 } from './1763850000160-per-person-count-indexes';
import { WorkflowsRunStartCountShards1763850000170 } from './1763850000170-workflows-run-start-count-shards';

/** The one ordered migration stream. Append only; never edit a migration that has shipped. */
export const MIGRATIONS = [
  IdentitySchema1763850000000,
  Outbox1763850000001,
  WikiSchema1763850000002,
  WikiPathConsistency1763850000003,
  WikiShareLinkListing1763850000004,
  WikiCompanySearchIndex1763850000005,
  WikiSearchVectorInline1763850000006,
  WikiSearchTerms1763850000007,
  WorkflowsSchema1763850000008,
  HooksSchema1763850000020,
  OperatorGrantQueues1763850000030,
  WikiDraftPruningIndex1763850000040,
  FeedbackSchema1763850000050,
  FeedbackReleasedLease1763850000052,
  HomeSchema1763850000060,
  HooksReportFanouts1763850000070,
  OAuth1763850000100,
  AgentTestAuth1763850000110,
  FeedbackSearchWithoutPendingList1763850000120,
  WikiSearchVectorWithinLimit1763850000130,
  WorkflowsRunStartCounts1763850000137,
  WorkflowsRunClaimsWithoutProgress1763850000143,
  IdentityOAuthUnusedClients1763850000150,
  PerPersonCountIndexes1763850000160,
  WorkflowsRunStartCountShards1763850000170,
];
