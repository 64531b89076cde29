import { loadConfig } from '@cw/platform';
import { IsInt, Max, Min } from 'class-validator';

/** Settings of filing feedback (`POST /api/feedback`). */
export class SubmissionConfig {
  /**
   * Reports one person may file in any hour: each may carry five evidence files of 5 MB, kept
   * until an operator deletes them, so a loop would otherwise grow the evidence store without end.
   */
  @IsInt()
  @Min(1)
  @Max(10_000)
  FEEDBACK_SUBMISSIONS_PER_HOUR: number = 20;
}

export function loadSubmissionConfig(env: NodeJS.ProcessEnv = process.env): SubmissionConfig {
  return loadConfig(SubmissionConfig, env);
}
