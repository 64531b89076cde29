import { defineDomainErrors, type RefusalStatus } from '@cw/platform';

/** Refusals of the agent-test grant exchange. Clients branch on them: never rename one. */
export const AGENT_TEST_ERROR_STATUS = {
  /** Nobody with `testing.authorize` has approved the grant yet: ask again after approval. */
  GRANT_NOT_APPROVED: 409,
  /** The grant was already exchanged for its one API key. */
  GRANT_EXCHANGED: 409,
} as const satisfies Record<string, RefusalStatus>;

export type AgentTestErrorCode = keyof typeof AGENT_TEST_ERROR_STATUS;

export const agentTestError = defineDomainErrors<AgentTestErrorCode>(AGENT_TEST_ERROR_STATUS);
