import { randomBytes, randomUUID } from 'node:crypto';
import { keyEncryptionKeyId, SecretBox } from './secret-box';
import { KEPT_SIGNING_KEYS, type SealedSigningKey, SigningMaterials } from './signing-materials';

const kek = () => {
  const key = randomBytes(32);
  return { id: keyEncryptionKeyId(key), key };
};

/** A box that counts how often it opens a secret. */
function countingBox(box: SecretBox): { box: SecretBox; opened: () => number } {
  let count = 0;
  const open = box.open.bind(box);
  box.open = (sealed) => {
    count += 1;
    return open(sealed);
  };
  return { box, opened: () => count };
}

describe('SigningMaterials', () => {
  const secretHex = randomBytes(32).toString('hex');
  const current = kek();
  const sealedKey = (box: SecretBox, id = randomUUID()): SealedSigningKey => ({
    id,
    ...box.seal(Buffer.from(secretHex, 'utf8')),
  });

  it('opens a key once and answers its id and hex secret for every attempt after', () => {
    const { box, opened } = countingBox(new SecretBox([current]));
    const materials = new SigningMaterials(box);
    const key = sealedKey(box);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // Each attempt reads the row again: equal bytes in a new buffer.
      const read = { ...key, ciphertext: Buffer.from(key.ciphertext) };
      expect(materials.of(read)).toEqual({ keyId: key.id, secret: secretHex });
    }
    expect(opened()).toBe(1);
  });

  it('opens again when the sealed bytes change, and fails closed when they were tampered with', () => {
    const { box, opened } = countingBox(new SecretBox([current]));
    const materials = new SigningMaterials(box);
    const key = sealedKey(box);
    expect(materials.of(key)).not.toBeNull();

    const tampered = Buffer.from(key.ciphertext);
    tampered[tampered.length - 1] ^= 1;
    expect(materials.of({ ...key, ciphertext: tampered })).toBeNull();
    expect(materials.of({ ...key, ciphertext: tampered })).toBeNull();

    const resealed = { ...box.seal(Buffer.from(secretHex, 'utf8')), id: key.id };
    expect(materials.of(resealed)).toEqual({ keyId: key.id, secret: secretHex });
    expect(opened()).toBe(4);
  });

  it('does not answer a kept secret for the same bytes under a key-encryption key it cannot use', () => {
    const materials = new SigningMaterials(new SecretBox([current]));
    const key = sealedKey(new SecretBox([current]));
    expect(materials.of(key)).not.toBeNull();
    expect(materials.of({ ...key, encryptionKeyId: kek().id })).toBeNull();
  });

  it('keeps the kept bytes apart from the caller’s buffer', () => {
    const { box, opened } = countingBox(new SecretBox([current]));
    const materials = new SigningMaterials(box);
    const key = sealedKey(box);
    const original = Buffer.from(key.ciphertext);
    materials.of(key);
    key.ciphertext[key.ciphertext.length - 1] ^= 1;
    expect(materials.of({ ...key, ciphertext: original })).not.toBeNull();
    expect(opened()).toBe(1);
  });

  it(`keeps at most ${KEPT_SIGNING_KEYS} keys, letting the longest kept go first`, () => {
    const { box, opened } = countingBox(new SecretBox([current]));
    const materials = new SigningMaterials(box);
    const keys = Array.from({ length: KEPT_SIGNING_KEYS + 1 }, () => sealedKey(box));
    for (const key of keys) materials.of(key);
    expect(opened()).toBe(KEPT_SIGNING_KEYS + 1);
    materials.of(keys[KEPT_SIGNING_KEYS]);
    materials.of(keys[1]);
    expect(opened()).toBe(KEPT_SIGNING_KEYS + 1);
    materials.of(keys[0]);
    expect(opened()).toBe(KEPT_SIGNING_KEYS + 2);
  });
});
