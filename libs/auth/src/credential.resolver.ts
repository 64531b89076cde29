import { createHash } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { ResolvedCredential } from '@cw/domain';
import { CredentialService } from '@cw/identity';
import { type CredentialRevocation, CredentialRevocationChannel } from '@cw/queue';

const CACHE_TTL_MS = 10_000;
const CACHE_MAX_ENTRIES = 10_000;

interface CacheEntry {
  credential: ResolvedCredential | null;
  expiresAt: number;
}

/**
 * Resolves tokens with a short in-process cache so that an authenticated request costs no
 * database round trip on the hot path. Revocations broadcast by any process evict at once;
 * the TTL bounds staleness for anything the broadcast misses (membership changes, Redis away).
 */
@Injectable()
export class CredentialResolver implements OnModuleInit {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly credentials: CredentialService,
    private readonly revocations: CredentialRevocationChannel,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.revocations.subscribe((revocation) => this.evict(revocation));
  }

  async resolve(token: string): Promise<ResolvedCredential | null> {
    const key = createHash('sha256').update(token).digest('base64');
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > now) return cached.credential;
    const credential = await this.credentials.resolve(token);
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
    this.cache.set(key, { credential, expiresAt: now + CACHE_TTL_MS });
    return credential;
  }

  private evict(revocation: CredentialRevocation): void {
    for (const [key, entry] of this.cache) {
      const credential = entry.credential;
      if (!credential) continue;
      const matches =
        revocation.type === 'credential'
          ? credential.id === revocation.credentialId
          : credential.personId === revocation.personId;
      if (matches) this.cache.delete(key);
    }
  }
}
