import type { ApiTagDefinition } from '@cw/platform';

export const DEVELOPER_API_TAG: ApiTagDefinition = {
  name: 'developer',
  description:
    'Operation discovery, computed from this description and the route policies: which ' +
    'operations your credential is admitted to and what to do about the others, and each ' +
    "operation's full contract. Answers carry `schema_revision`; reload a contract when it changes.",
};

/** Where an operation's contract is read. */
export function contractUrlOf(operationId: string): string {
  return `/api/developer/contracts/${encodeURIComponent(operationId)}`;
}

/** The response header that repeats the answer's `schema_revision`. */
export const SCHEMA_REVISION_HEADER = 'X-Schema-Revision';

export const SCHEMA_REVISION_HEADERS = {
  [SCHEMA_REVISION_HEADER]: {
    description: 'The `schema_revision` of the description the answer was computed from.',
    schema: { type: 'string' },
  },
};
