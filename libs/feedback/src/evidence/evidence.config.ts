import { ConfigError, loadConfig } from '@cw/platform';
import { IsIn, IsOptional, IsString, IsUrl, ValidateIf } from 'class-validator';

const SWITCH = ['true', 'false', '1', '0'] as const;
const isS3 = (config: EvidenceConfig): boolean => config.FEEDBACK_EVIDENCE_STORE === 's3';

/** Where feedback evidence is stored (README settings table). */
export class EvidenceConfig {
  /** `local`: files under FEEDBACK_EVIDENCE_DIR; `s3`: an S3-compatible bucket. */
  @IsIn(['local', 's3'])
  FEEDBACK_EVIDENCE_STORE: 'local' | 's3' = 'local';

  /** The directory of the local store. */
  @IsString()
  FEEDBACK_EVIDENCE_DIR: string = '.data/feedback-evidence';

  /** The bucket of the S3 store (required with FEEDBACK_EVIDENCE_STORE=s3). */
  @ValidateIf(isS3)
  @IsString()
  FEEDBACK_EVIDENCE_S3_BUCKET?: string;

  /** The bucket's region. */
  @IsString()
  FEEDBACK_EVIDENCE_S3_REGION: string = 'us-east-1';

  /** An S3-compatible endpoint (MinIO, R2, …); unset: AWS's own for the region. */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  FEEDBACK_EVIDENCE_S3_ENDPOINT?: string;

  /** Address the bucket in the path (`endpoint/bucket/key`), as most S3-compatible stores want. */
  @IsIn(SWITCH)
  FEEDBACK_EVIDENCE_S3_FORCE_PATH_STYLE: (typeof SWITCH)[number] = 'false';

  /** Explicit credentials (both or neither); unset: the SDK's default chain (env, profile, role). */
  @IsOptional()
  @IsString()
  FEEDBACK_EVIDENCE_S3_ACCESS_KEY_ID?: string;

  @IsOptional()
  @IsString()
  FEEDBACK_EVIDENCE_S3_SECRET_ACCESS_KEY?: string;
}

export function loadEvidenceConfig(env: NodeJS.ProcessEnv = process.env): EvidenceConfig {
  const config = loadConfig(EvidenceConfig, env);
  if (
    !config.FEEDBACK_EVIDENCE_S3_ACCESS_KEY_ID !== !config.FEEDBACK_EVIDENCE_S3_SECRET_ACCESS_KEY
  ) {
    throw new ConfigError(
      'Invalid setting FEEDBACK_EVIDENCE_S3_ACCESS_KEY_ID: set it together with FEEDBACK_EVIDENCE_S3_SECRET_ACCESS_KEY, or neither.',
    );
  }
  return config;
}
