import { createHash } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { ResolvedCredential } from '@cw/domain';
import { CredentialService } from '@cw/identity';
import { type CredentialRevocation, CredentialRevocationChannel } from '@cw/queue';

const CACHE_TTL_MS = 10_000;
const CACHE_MAX_ENTRIES = 10_000;

interface CacheEntry {
  credential: ResolvedCredential | null;
  /** When the database read that produced it began. */
  resolvedAt: number;
  expiresAt: number;
}

/**
 * Resolves tokens with a short in-process cache so that an authenticated request costs no
 * database round trip on the hot path. Revocations broadcast by any process evict at once. A
 * live credential is served from the cache only while the revocation channel vouches that it
 * would have heard of its revocation (Redis reachable, subscription confirmed within seconds);
 * otherwise it is read from the database again, so a revocation holds while Redis is away. The
 * TTL bounds staleness for what no broadcast announces (membership and team changes).
 */
@Injectable()
export class CredentialResolver implements OnModuleInit {
  private readonly cache = new Map<string, CacheEntry>();
  /** Counts evictions, so a read that overlapped one is not cached (it may predate it). */
  private evictions = 0;

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
    if (cached && cached.expiresAt > now && this.stillTrusted(cached, now))
      return cached.credential;
    const evictionsBefore = this.evictions;
    const credential = await this.credentials.resolve(token);
    if (this.evictions === evictionsBefore) {
      if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
      this.cache.set(key, { credential, resolvedAt: now, expiresAt: now + CACHE_TTL_MS });
    }
    return credential;
  }

  /** An unknown token stays unknown; a live one only as long as a revocation would reach us. */
  private stillTrusted(entry: CacheEntry, now: number): boolean {
    return entry.credential === null || this.revocations.vouchesFor(entry.resolvedAt, now);
  }

  private evict(revocation: CredentialRevocation): void {
    this.evictions += 1;
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
