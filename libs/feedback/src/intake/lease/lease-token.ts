import { createHash, randomBytes } from 'node:crypto';

/** Every lease token starts with this, so a leaked one is recognisable. */
export const LEASE_TOKEN_PREFIX = 'cwl_';

export const LEASE_TOKEN_HEADER = 'x-feedback-lease-token';

/** Only the SHA-256 of a lease token is stored. */
export function hashLeaseToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

export function mintLeaseToken(): { token: string; hash: Buffer } {
  const token = `${LEASE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashLeaseToken(token) };
}
