import { loadConfig } from '@cw/platform';
import { IsInt, Max, Min } from 'class-validator';

/** What one company may hold in workflows. */
export class WorkflowLimitsConfig {
  /**
   * Workflows a company holds that are not deleted (draft, active, archived), each up to a 1 MB
   * definition. Lists count them all (`total`) and the schedule passes visit them. Deleted ones
   * are not counted: runs and reports keep naming them, so they are never purged, and counting
   * them would make the cap permanent.
   */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  WORKFLOWS_PER_COMPANY: number = 1_000;
}

export function loadWorkflowLimitsConfig(
  env: NodeJS.ProcessEnv = process.env,
): WorkflowLimitsConfig {
  return loadConfig(WorkflowLimitsConfig, env);
}
