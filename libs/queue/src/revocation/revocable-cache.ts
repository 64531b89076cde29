import type {
  CredentialRevocation,
  CredentialRevocationChannel,
} from './credential-revocation.channel';

/** How long a resolution is served at most: the staleness of what no broadcast announces. */
const DEFAULT_TTL_MS = 10_000;
const DEFAULT_MAX_ENTRIES = 10_000;

/** Whose revocation takes a cached value's access away. */
export interface CredentialHolder {
  credentialId: string;
  personId: string;
}

export interface RevocableCacheOptions<V> {
  /** The credential and person a value grants access through; null when it grants nothing. */
  holderOf: (value: V) => CredentialHolder | null;
  ttlMs?: number;
  maxEntries?: number;
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
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly revocations: CredentialRevocationChannel,
    private readonly options: RevocableCacheOptions<V>,
  ) {
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  }

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
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, resolvedAt: now, expiresAt: now + this.ttlMs });
    }
    return value;
  }

  private stillTrusted(entry: CacheEntry<V>, now: number): boolean {
    return (
      this.options.holderOf(entry.value) === null ||
      this.revocations.vouchesFor(entry.resolvedAt, now)
    );
  }

  private evict(revocation: CredentialRevocation): void {
    this.evictions += 1;
    for (const [key, entry] of this.entries) {
      const holder = this.options.holderOf(entry.value);
      if (holder && revokes(revocation, holder)) this.entries.delete(key);
    }
  }
}

function revokes(revocation: CredentialRevocation, holder: CredentialHolder): boolean {
  return revocation.type === 'credential'
    ? holder.credentialId === revocation.credentialId
    : holder.personId === revocation.personId;
}
