import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { evidenceStoreFromEnv } from './evidence-store.provider';
import { LocalDiskEvidenceStore } from './local-disk-evidence-store';

describe('LocalDiskEvidenceStore', () => {
  const root = () => mkdtempSync(join(tmpdir(), 'cw-evidence-spec-'));

  it('is the default store, under FEEDBACK_EVIDENCE_DIR', () => {
    expect(evidenceStoreFromEnv({ FEEDBACK_EVIDENCE_DIR: root() })).toBeInstanceOf(
      LocalDiskEvidenceStore,
    );
  });

  it('writes a key as a private file under its path, leaving no partial file, and reads it back', async () => {
    const dir = root();
    const store = new LocalDiskEvidenceStore(dir);
    await store.put('reports/r1/a1', Buffer.from('first'));
    await store.put('reports/r1/a1', Buffer.from('second, longer'));

    const path = join(dir, 'reports/r1/a1');
    expect(readFileSync(path, 'utf8')).toBe('second, longer');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, 'reports/r1'))).toEqual(['a1']);
    const stored = await store.get('reports/r1/a1');
    expect(stored?.size).toBe(14);
    expect(await text(stored!.body)).toBe('second, longer');
  });

  it('answers null for a missing key, and deleting one twice is fine', async () => {
    const store = new LocalDiskEvidenceStore(root());
    expect(await store.get('reports/none/a1')).toBeNull();
    await store.put('reports/r2/a1', Buffer.from('x'));
    await store.delete('reports/r2/a1');
    await store.delete('reports/r2/a1');
    expect(await store.get('reports/r2/a1')).toBeNull();
  });

  it('refuses keys out of shape or leaving the directory', async () => {
    const store = new LocalDiskEvidenceStore(root());
    for (const key of ['../x', 'reports/../../x', '/etc/passwd', 'Reports/X', '']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/evidence key/);
    }
  });
});
