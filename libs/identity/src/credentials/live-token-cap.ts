import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ApiKeyRepository } from '../api-keys/api-key.repository';
import { PersonRepository } from '../directory/person.repository';
import { identityError } from '../errors/identity-errors';
import { OAuthSignInRepository } from '../oauth/oauth-sign-in.repository';

const LIVE_TOKEN_LIMIT = 25;

/** A person holds at most 25 live tokens: API keys and OAuth sign-ins together. */
@Injectable()
export class LiveTokenCap {
  constructor(
    private readonly people: PersonRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly signIns: OAuthSignInRepository,
  ) {}

  /**
   * Locks the person row for the rest of the caller's transaction, then counts: parallel
   * requests that would each mint a token can never pass the limit together.
   */
  async holdRoomFor(manager: EntityManager, personId: string): Promise<void> {
    await this.people.lockForWrite(manager, personId);
    if ((await this.liveCount(manager, personId)) >= LIVE_TOKEN_LIMIT) {
      throw identityError(
        'TOKEN_LIMIT_REACHED',
        `A person holds at most ${LIVE_TOKEN_LIMIT} live tokens (API keys and OAuth sign-ins); revoke one first.`,
        { details: { limit: LIVE_TOKEN_LIMIT } },
      );
    }
  }

  private async liveCount(manager: EntityManager, personId: string): Promise<number> {
    const keys = await this.apiKeys.countLive(manager, personId);
    return keys + (await this.signIns.countLive(manager, personId));
  }
}
