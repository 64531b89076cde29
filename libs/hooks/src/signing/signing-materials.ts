import { Injectable } from '@nestjs/common';
import { BoundedMap } from '@cw/platform';
import { type SealedSecret, SecretBox } from './secret-box';
import type { SigningMaterial } from './sign-delivery';

/** A hook's signing key as an attempt reads it: its id and its sealed secret. */
export interface SealedSigningKey extends SealedSecret {
  id: string;
}

interface OpenedKey {
  sealed: SealedSecret;
  material: SigningMaterial;
}

/** Opened keys kept at most (the longest kept go first): far more than hooks deliver at once. */
export const KEPT_SIGNING_KEYS = 4096;

/**
 * The signing material of hooks' keys, each opened once rather than at every attempt. The same
 * sealed bytes under the same key-encryption key always open to the same secret, so a key is
 * opened again only when its sealed form differs from the one opened (re-sealed, or tampered
 * with: then it fails closed as before); a rotated key has a new id.
 */
@Injectable()
export class SigningMaterials {
  private readonly opened = new BoundedMap<string, OpenedKey>(KEPT_SIGNING_KEYS);

  constructor(private readonly secrets: SecretBox) {}

  /** The key's id and secret, or null when no configured key opens it. */
  of(key: SealedSigningKey): SigningMaterial | null {
    const kept = this.opened.get(key.id);
    if (kept && sameSealed(kept.sealed, key)) return kept.material;
    this.opened.delete(key.id);
    const secret = this.secrets.open(key);
    if (!secret) return null;
    const material = { keyId: key.id, secret: secret.toString('utf8') };
    const sealed = {
      ciphertext: Buffer.from(key.ciphertext),
      encryptionKeyId: key.encryptionKeyId,
    };
    this.opened.set(key.id, { sealed, material });
    return material;
  }
}

function sameSealed(a: SealedSecret, b: SealedSecret): boolean {
  return a.encryptionKeyId === b.encryptionKeyId && a.ciphertext.equals(b.ciphertext);
}
