import type { Readable } from 'node:stream';

/** One stored evidence file, streamed to the caller. */
export interface StoredEvidence {
  body: Readable;
  size: number;
}

/**
 * Where feedback evidence lives: private bytes addressed by an opaque key, never served at a
 * public address (only the proxied routes read them). Writes of an existing key replace it.
 */
export interface EvidenceStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when nothing is stored under `key`. */
  get(key: string): Promise<StoredEvidence | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export const EVIDENCE_STORE = Symbol('EVIDENCE_STORE');
