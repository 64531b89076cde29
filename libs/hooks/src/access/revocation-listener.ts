import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type CredentialRevocation, CredentialRevocationChannel } from '@cw/queue';
import { HookLifecycle } from './hook-lifecycle';

/**
 * Ends the hooks of a credential as soon as identity announces its revocation (an API key
 * deleted, a person's access changed). The broadcast is a shortcut, not the truth: a hook whose
 * credential stopped working also ends at its next send and when its owner lists hooks.
 */
@Injectable()
export class RevocationListener implements OnApplicationBootstrap {
  private readonly logger = new Logger(RevocationListener.name);

  constructor(
    private readonly channel: CredentialRevocationChannel,
    private readonly lifecycle: HookLifecycle,
  ) {}

  onApplicationBootstrap(): void {
    this.channel
      .subscribe((revocation) => void this.onRevocation(revocation))
      .catch((error: Error) => this.logger.warn(`revocations not followed: ${error.message}`));
  }

  private async onRevocation(revocation: CredentialRevocation): Promise<void> {
    try {
      await this.lifecycle.endWithoutAuthority(
        revocation.type === 'credential'
          ? { credentialId: revocation.credentialId }
          : { ownerId: revocation.personId },
      );
    } catch (error) {
      this.logger.warn(`hooks of a revoked credential not ended yet: ${(error as Error).message}`);
    }
  }
}
