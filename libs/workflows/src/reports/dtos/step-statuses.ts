import { unionValues } from '@cw/platform';
import type { StepStatus } from '../../runs/run-status';

/** Every step status, for the OpenAPI `enum` of the report and the run view. */
export const STEP_STATUSES = unionValues<StepStatus>({
  pending: true,
  running: true,
  waiting: true,
  completed: true,
  failed: true,
  skipped: true,
});
