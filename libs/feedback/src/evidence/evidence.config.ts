import { loadConfig } from '@cw/platform';
import { IsIn, IsString } from 'class-validator';

/** Where feedback evidence is stored (README settings table). */
export class EvidenceConfig {
  /** `local`: files under FEEDBACK_EVIDENCE_DIR; `s3`: an S3-compatible bucket. */
  @IsIn(['local', 's3'])
  FEEDBACK_EVIDENCE_STORE: 'local' | 's3' = 'local';

  /** The directory of the local store. */
  @IsString()
  FEEDBACK_EVIDENCE_DIR: string = '.data/feedback-evidence';
}

export function loadEvidenceConfig(env: NodeJS.ProcessEnv = process.env): EvidenceConfig {
  return loadConfig(EvidenceConfig, env);
}
