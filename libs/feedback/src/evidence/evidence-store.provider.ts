import type { Provider } from '@nestjs/common';
import { S3Client } from '@aws-sdk/client-s3';
import { loadEvidenceConfig } from './evidence.config';
import { EVIDENCE_STORE, type EvidenceStore } from './evidence-store';
import { LocalDiskEvidenceStore } from './local-disk-evidence-store';
import { S3EvidenceStore, s3ClientConfigOf } from './s3-evidence-store';

export function evidenceStoreFromEnv(env: NodeJS.ProcessEnv = process.env): EvidenceStore {
  const config = loadEvidenceConfig(env);
  if (config.FEEDBACK_EVIDENCE_STORE === 's3') {
    return new S3EvidenceStore(
      new S3Client(s3ClientConfigOf(config)),
      config.FEEDBACK_EVIDENCE_S3_BUCKET!,
    );
  }
  return new LocalDiskEvidenceStore(config.FEEDBACK_EVIDENCE_DIR);
}

export const evidenceStoreProvider: Provider = {
  provide: EVIDENCE_STORE,
  useFactory: () => evidenceStoreFromEnv(),
};
