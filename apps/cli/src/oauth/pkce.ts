import { createHash, randomBytes } from 'node:crypto';

/** RFC 7636: a 43-character verifier, its S256 challenge, and a `state` for the redirect. */
export interface PkcePair {
  verifier: string;
  challenge: string;
  state: string;
}

export function newPkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  return {
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
    state: randomBytes(16).toString('base64url'),
  };
}
