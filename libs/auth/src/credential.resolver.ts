import { createHash } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { ResolvedCredential } from '@cw/domain';
import { CredentialService } from '@cw/identity/credentials';
import { CredentialRevocationChannel, RevocableCache } from '@cw/queue';

/**
 * Resolves tokens with a short in-process cache (`RevocableCache`) so that an authenticated
 * request costs no database round trip on the hot path; a revoked credential or person is
 * evicted at once, and a live credential is read again while revocations might not arrive.
 */
@Injectable()
export class CredentialResolver implements OnModuleInit {
  private readonly cache: RevocableCache<string, ResolvedCredential | null>;

  constructor(
    private readonly credentials: CredentialService,
    revocations: CredentialRevocationChannel,
  ) {
    this.cache = new RevocableCache(revocations, {
      holderOf: (credential) =>
        credential && { credentialId: credential.id, personId: credential.personId },
    });
  }

  onModuleInit(): Promise<void> {
    return this.cache.subscribe();
  }

  resolve(token: string): Promise<ResolvedCredential | null> {
    const key = createHash('sha256').update(token).digest('base64');
    return this.cache.get(key, () => this.credentials.resolve(token));
  }
}
