import { randomBytes } from 'node:crypto';

/** A new signing secret: 32 random bytes, shown (and used as the HMAC key) as 64 hex characters. */
export function mintSigningSecret(): string {
  return randomBytes(32).toString('hex');
}
