import type { ApiTagDefinition } from '@cw/platform';

export const WORKFLOWS_API_TAG: ApiTagDefinition = {
  name: 'workflows',
  description:
    'Saved workflows (design, read, change, delete), their runs (start, follow, cancel, work ' +
    'packets), reports, and webhook links that start runs without signing in. Workflow routes ' +
    'take the workflow UUID or its display number.',
};

export const CODE_SESSIONS_API_TAG: ApiTagDefinition = {
  name: 'code-sessions',
  description:
    'JavaScript sessions in a sandbox (MCP `run_code`): open one, run cells that keep their ' +
    'globals, end it. Scope `workflows:run`.',
};
