import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_PREFIXES, type TokenKind } from '@cw/domain';

export interface MintedToken {
  token: string;
  hash: Buffer;
  /** The leading part of the token: safe to show in listings, useless to authenticate. */
  displayPrefix: string;
}

const TOKEN_BYTES = 32;
const DISPLAY_SUFFIX_LENGTH = 8;

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

export function mintToken(kind: TokenKind): MintedToken {
  const prefix = TOKEN_PREFIXES[kind];
  const token = `${prefix}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
  return {
    token,
    hash: hashToken(token),
    displayPrefix: token.slice(0, prefix.length + DISPLAY_SUFFIX_LENGTH),
  };
}

export function tokenKindOf(token: string): TokenKind | null {
  const entry = Object.entries(TOKEN_PREFIXES).find(([, prefix]) => token.startsWith(prefix));
  return entry ? (entry[0] as TokenKind) : null;
}

export function hashesEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
