import { createHash, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppError } from '@cw/platform';
import { IdentityConfig } from '../identity.config';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * The acceptance exchange and the agent-test helpers exist only where ACCEPTANCE_AUTH_SECRET is
 * set (never in production: the config refuses it there); elsewhere every route of theirs
 * answers 404.
 */
@Injectable()
export class AcceptanceGate {
  private readonly secretDigest?: Buffer;

  constructor(config: IdentityConfig) {
    const secret = config.ACCEPTANCE_AUTH_SECRET;
    this.secretDigest = secret ? digest(secret) : undefined;
  }

  assertEnabled(): void {
    if (!this.secretDigest) throw AppError.notFound();
  }

  /** Compared as digests in constant time: the secret's length leaks nothing either. */
  assertSecret(secret: string): void {
    this.assertEnabled();
    if (!timingSafeEqual(digest(secret), this.secretDigest!)) {
      throw AppError.authRequired('The acceptance secret is wrong.');
    }
  }
}
