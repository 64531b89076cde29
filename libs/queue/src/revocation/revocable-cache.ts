import type {
  CredentialRevocation,
  CredentialRevocationChannel,
} from './credential-revocation.channel';

export interface RevocableCacheOptions<V> {
  ttlMs: number;
  maxEntries: number;
  /** Whether the value grants access: only those wait on the channel's word to be served. */
  grants: (value: V) => boolean;
  /** Whether this revocation takes the value's access away (the entry is then dropped). */
  revokedBy: (value: V, revocation: CredentialRevocation) => boolean;
}

interface CacheEntry<V> {
  value: V;
  /** When the database read that produced it began. */
  resolvedAt: number;
  expiresAt: number;
}

/**
 * A short-lived, in-process cache of credential resolutions. Revocations broadcast by any process
 * evict at once. A value that grants access is served from the cache only while the revocation
 * channel vouches that it would have heard of its revocation (Redis reachable, subscription
 * confirmed within seconds); otherwise it is read again, so a revocation holds while Redis is
 * away. A value that grants nothing (an unknown token) is kept until its TTL, which also bounds
 * staleness for what no broadcast announces (membership and team changes).
 */
export class RevocableCache<K, V> {
  private readonly entries = new Map<K, CacheEntry<V>>();
  /** Counts evictions, so a read that overlapped one is not cached (it may predate it). */
  private evictions = 0;

  constructor(
    private readonly revocations: CredentialRevocationChannel,
    private readonly options: RevocableCacheOptions<V>,
  ) {}

  /** Listens for revocations; call once, before the first `get` (from `onModuleInit`). */
  subscribe(): Promise<void> {
    return this.revocations.subscribe((revocation) => this.evict(revocation));
  }

  async get(key: K, read: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now && this.stillTrusted(cached, now)) return cached.value;
    return this.readAndKeep(key, read, now);
  }

  /** Reads the value again whatever the cache holds, and keeps the fresh one. */
  refresh(key: K, read: () => Promise<V>): Promise<V> {
    return this.readAndKeep(key, read, Date.now());
  }

  forget(key: K): void {
    this.entries.delete(key);
  }

  private async readAndKeep(key: K, read: () => Promise<V>, now: number): Promise<V> {
    const evictionsBefore = this.evictions;
    const value = await read();
    if (this.evictions === evictionsBefore) {
      if (this.entries.size >= this.options.maxEntries) this.entries.clear();
      this.entries.set(key, { value, resolvedAt: now, expiresAt: now + this.options.ttlMs });
    }
    return value;
  }

  private stillTrusted(entry: CacheEntry<V>, now: number): boolean {
    return !this.options.grants(entry.value) || this.revocations.vouchesFor(entry.resolvedAt, now);
  }

  private evict(revocation: CredentialRevocation): void {
    this.evictions += 1;
    for (const [key, entry] of this.entries) {
      if (this.options.grants(entry.value) && this.options.revokedBy(entry.value, revocation)) {
        this.entries.delete(key);
      }
    }
  }
}
