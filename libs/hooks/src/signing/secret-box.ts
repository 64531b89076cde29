import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { ConfigError } from '@cw/platform';
import type { HooksConfig } from '../hooks.config';
import { localSecretKey } from './local-secret-key';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A key that encrypts signing secrets at rest, and the id stored beside what it encrypted. */
export interface KeyEncryptionKey {
  id: string;
  key: Buffer;
}

export interface SealedSecret {
  /** Nonce, authentication tag and ciphertext, in that order. */
  ciphertext: Buffer;
  encryptionKeyId: string;
}

/** A hash prefix of the key: names it without revealing it. */
export function keyEncryptionKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

function parseKeys(setting: string, value: string): KeyEncryptionKey[] {
  return value
    .split(',')
    .map((each) => each.trim())
    .filter((each) => each !== '')
    .map((each) => {
      const key = Buffer.from(each, 'base64');
      if (key.length !== 32 || key.toString('base64') !== each) {
        throw new ConfigError(
          `Invalid setting ${setting}: each key must be the base64 of exactly 32 bytes.`,
        );
      }
      return { id: keyEncryptionKeyId(key), key };
    });
}

/**
 * AES-256-GCM over signing secrets. New secrets are sealed with the current key; any configured
 * key opens what it sealed, so the key can be rotated (the old one moves to
 * HOOKS_SECRET_KEY_PREVIOUS). A secret no configured key opens reads as missing.
 */
export class SecretBox {
  private readonly byId: ReadonlyMap<string, Buffer>;

  constructor(private readonly keys: readonly KeyEncryptionKey[]) {
    if (keys.length === 0) throw new Error('a secret box needs a key');
    this.byId = new Map(keys.map((each) => [each.id, each.key]));
  }

  static fromConfig(config: HooksConfig): SecretBox {
    const current = config.HOOKS_SECRET_KEY ?? localSecretKey(config.HOOKS_SECRET_KEY_FILE);
    const [key, ...extra] = parseKeys('HOOKS_SECRET_KEY', current);
    if (!key || extra.length > 0) {
      throw new ConfigError('Invalid setting HOOKS_SECRET_KEY: one base64 key of 32 bytes.');
    }
    return new SecretBox([
      key,
      ...parseKeys('HOOKS_SECRET_KEY_PREVIOUS', config.HOOKS_SECRET_KEY_PREVIOUS ?? ''),
    ]);
  }

  seal(plaintext: Buffer): SealedSecret {
    const [{ id, key }] = this.keys;
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    const encrypted = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return {
      ciphertext: Buffer.concat([nonce, cipher.getAuthTag(), encrypted]),
      encryptionKeyId: id,
    };
  }

  /** The plaintext, or null when no configured key opens it (unknown key, tampered bytes). */
  open(sealed: SealedSecret): Buffer | null {
    const key = this.byId.get(sealed.encryptionKeyId);
    if (!key || sealed.ciphertext.length < NONCE_BYTES + TAG_BYTES) return null;
    const nonce = sealed.ciphertext.subarray(0, NONCE_BYTES);
    const tag = sealed.ciphertext.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, nonce);
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(sealed.ciphertext.subarray(NONCE_BYTES + TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      return null;
    }
  }
}
