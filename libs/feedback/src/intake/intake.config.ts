import { loadConfig } from '@cw/platform';
import { IsNumber, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';

/** Settings of the intake, proposal and GitHub routes (README settings table). */
export class IntakeConfig {
  /** The `x-internal-token` of the intake and proposal routes; unset, they all answer 401. */
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'INTERNAL_API_TOKEN must be at least 16 characters long' })
  INTERNAL_API_TOKEN?: string;

  /** The HMAC secret of `POST /api/feedback/github/webhook`; unset, the route answers 401. */
  @IsOptional()
  @IsString()
  GITHUB_WEBHOOK_SECRET?: string;

  /** How often expired intake leases are returned to `approved` (a claim also does it first). */
  @IsNumber()
  @Min(1)
  @Max(3_600)
  FEEDBACK_LEASE_SWEEP_SECONDS: number = 30;
}

export function loadIntakeConfig(env: NodeJS.ProcessEnv = process.env): IntakeConfig {
  return loadConfig(IntakeConfig, env);
}
