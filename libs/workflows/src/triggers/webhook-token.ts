import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN_BYTES = 32;

export function hashWebhookToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A new link token (32 random bytes, base64url) and the hash that is all the database keeps. */
export function mintWebhookToken(): { token: string; hash: Buffer } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashWebhookToken(token) };
}

/** Compares in constant time: how long it takes says nothing about the stored token. */
export function webhookTokenMatches(token: string, storedHash: Buffer): boolean {
  const hash = hashWebhookToken(token);
  return hash.length === storedHash.length && timingSafeEqual(hash, storedHash);
}
