import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@cw/platform';
import { loadHooksConfig } from '../hooks.config';
import { keyEncryptionKeyId, SecretBox } from './secret-box';

const key = (): string => randomBytes(32).toString('base64');
const boxOf = (env: Record<string, string>): SecretBox =>
  SecretBox.fromConfig(loadHooksConfig(env));

describe('signing secrets at rest', () => {
  const secret = Buffer.from(randomBytes(32).toString('hex'), 'utf8');

  it('seal with AES-256-GCM under the current key and name that key', () => {
    const current = key();
    const sealed = boxOf({ HOOKS_SECRET_KEY: current }).seal(secret);
    expect(sealed.encryptionKeyId).toBe(keyEncryptionKeyId(Buffer.from(current, 'base64')));
    expect(sealed.ciphertext.includes(secret)).toBe(false);
    expect(boxOf({ HOOKS_SECRET_KEY: current }).open(sealed)).toEqual(secret);
  });

  it('open what an earlier key sealed once it moved to HOOKS_SECRET_KEY_PREVIOUS', () => {
    const old = key();
    const sealed = boxOf({ HOOKS_SECRET_KEY: old }).seal(secret);
    const rotated = boxOf({
      HOOKS_SECRET_KEY: key(),
      HOOKS_SECRET_KEY_PREVIOUS: `${key()},${old}`,
    });
    expect(rotated.open(sealed)).toEqual(secret);
    expect(rotated.seal(secret).encryptionKeyId).not.toBe(sealed.encryptionKeyId);
  });

  it('read a secret no configured key opens, or tampered bytes, as missing', () => {
    const sealed = boxOf({ HOOKS_SECRET_KEY: key() }).seal(secret);
    expect(boxOf({ HOOKS_SECRET_KEY: key() }).open(sealed)).toBeNull();
    const box = boxOf({ HOOKS_SECRET_KEY: key() });
    const mine = box.seal(secret);
    const tampered = Buffer.from(mine.ciphertext);
    tampered[tampered.length - 1] ^= 1;
    expect(box.open({ ...mine, ciphertext: tampered })).toBeNull();
    expect(box.open({ ...mine, ciphertext: Buffer.alloc(3) })).toBeNull();
  });

  it('stop the start with one line on a key that is not 32 bytes of base64', () => {
    expect(() => boxOf({ HOOKS_SECRET_KEY: 'short' })).toThrow(
      new ConfigError(
        'Invalid setting HOOKS_SECRET_KEY: each key must be the base64 of exactly 32 bytes.',
      ),
    );
    expect(() =>
      boxOf({
        HOOKS_SECRET_KEY: key(),
        HOOKS_SECRET_KEY_PREVIOUS: randomBytes(16).toString('base64'),
      }),
    ).toThrow(/^Invalid setting HOOKS_SECRET_KEY_PREVIOUS: /);
  });

  it('stop with one line when no key is set and none can be generated', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hooks-key-'));
    try {
      // A file where the key's directory should be: nothing can be created under it.
      const notADirectory = join(dir, 'file');
      writeFileSync(notADirectory, '');
      expect(() =>
        boxOf({ HOOKS_SECRET_KEY_FILE: join(notADirectory, 'hooks-secret-key') }),
      ).toThrow(
        /^Invalid setting HOOKS_SECRET_KEY: unset, and no key could be read from or generated into /,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('generate one key file for processes that start together without a key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hooks-key-'));
    try {
      const file = join(dir, 'nested', 'hooks-secret-key');
      const boxes = Array.from({ length: 5 }, () => boxOf({ HOOKS_SECRET_KEY_FILE: file }));
      const sealed = boxes[0].seal(secret);
      for (const box of boxes) expect(box.open(sealed)).toEqual(secret);
      expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
