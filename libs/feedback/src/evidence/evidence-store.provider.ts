import type { Provider } from '@nestjs/common';
import { loadEvidenceConfig } from './evidence.config';
import { EVIDENCE_STORE, type EvidenceStore } from './evidence-store';
import { LocalDiskEvidenceStore } from './local-disk-evidence-store';

export function evidenceStoreFromEnv(env: NodeJS.ProcessEnv = process.env): EvidenceStore {
  const config = loadEvidenceConfig(env);
  return new LocalDiskEvidenceStore(config.FEEDBACK_EVIDENCE_DIR);
}

export const evidenceStoreProvider: Provider = {
  provide: EVIDENCE_STORE,
  useFactory: () => evidenceStoreFromEnv(),
};
