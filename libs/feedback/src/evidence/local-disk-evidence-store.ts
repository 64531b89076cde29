import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { EvidenceStore, StoredEvidence } from './evidence-store';

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]{0,300}$/;

/** The default store: files under a directory (`.data/feedback-evidence` for a local start). */
export class LocalDiskEvidenceStore implements EvidenceStore {
  readonly kind = 'local';
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const partial = `${path}.${randomUUID()}.partial`;
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, path);
  }

  async get(key: string): Promise<StoredEvidence | null> {
    const path = this.pathOf(key);
    try {
      const { size } = await stat(path);
      return { body: createReadStream(path), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key) || key.split('/').includes('..')) {
      throw new Error(`evidence key out of shape: ${JSON.stringify(key)}`);
    }
    const path = join(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error('evidence key escapes the store');
    return path;
  }
}
