import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DirectoryService } from '@cw/identity/credentials';
import { CredentialRevocationChannel, RevocableCache } from '@cw/queue';
import { type WebhookLinkCredential, WebhookLinkRepository } from './webhook-link.repository';

/** A link with the person its runs act as; `actor` is null once their membership ended. */
export interface WebhookLinkHolder {
  link: WebhookLinkCredential;
  actor: Actor | null;
}

/**
 * Resolves a webhook link and its holder with the same short, revocation-aware cache as API keys
 * (`RevocableCache`): rotating or removing a link, or ending its holder's membership, evicts it
 * in every process at once; team changes reach it within the TTL.
 */
@Injectable()
export class WebhookLinkResolver implements OnModuleInit {
  private readonly cache: RevocableCache<string, WebhookLinkHolder | null>;

  constructor(
    private readonly links: WebhookLinkRepository,
    private readonly directory: DirectoryService,
    private readonly revocations: CredentialRevocationChannel,
  ) {
    this.cache = new RevocableCache(revocations, {
      // A link grants access while its holder is a member; rotating or removing it revokes it.
      holderOf: (holder) =>
        holder?.actor
          ? { credentialId: holder.link.publicId, personId: holder.link.createdBy }
          : null,
    });
  }

  onModuleInit(): Promise<void> {
    return this.cache.subscribe();
  }

  /** The link at this public id, from the cache while it can be trusted. */
  resolve(publicId: string): Promise<WebhookLinkHolder | null> {
    return this.cache.get(publicId, () => this.read(publicId));
  }

  /** The link as the database has it now (the cache keeps the answer). */
  resolveAfresh(publicId: string): Promise<WebhookLinkHolder | null> {
    return this.cache.refresh(publicId, () => this.read(publicId));
  }

  /** Tells every process that this link's token stopped working (rotated or removed). */
  revoke(publicId: string): Promise<void> {
    return this.revocations.publish({ type: 'credential', credentialId: publicId });
  }

  private async read(publicId: string): Promise<WebhookLinkHolder | null> {
    const link = await this.links.findCredential(publicId);
    if (!link) return null;
    const actor = await this.directory.actorFor(link.companyId, link.createdBy, {
      kind: 'api_key',
      id: link.workflowId,
      scopes: ['workflows:run'],
    });
    return { link, actor };
  }
}
