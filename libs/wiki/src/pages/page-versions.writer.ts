import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import type { EntityManager } from 'typeorm';
import { DraftsConfig } from './drafts.config';
import type { PageRecord } from './page-record';
import { PageWriteRepository } from './page-write.repository';
import { PageVersionRepository } from './page-version.repository';

export interface Provenance {
  message?: string | null;
  sourceProvider?: string | null;
  sourceLabel?: string | null;
}

export interface SavedVersion {
  version: number;
}

type Body = { title: string; content: string };

function sourceKindOf(actor: Actor): string {
  return actor.credential.kind === 'session'
    ? 'web'
    : actor.credential.kind === 'api_key'
      ? 'api_key'
      : 'oauth';
}

/**
 * Writes versions of a page whose row the caller holds locked. Every stored body, head or draft,
 * takes the next number from `last_version`; only a head write moves `current_version`. A draft
 * prunes its author's older drafts of the page beyond `WIKI_DRAFTS_PER_PAGE_AND_PERSON`.
 */
@Injectable()
export class PageVersionsWriter {
  constructor(
    private readonly pages: PageWriteRepository,
    private readonly versions: PageVersionRepository,
    private readonly drafts: DraftsConfig,
  ) {}

  async writeHead(
    manager: EntityManager,
    actor: Actor,
    page: PageRecord,
    body: Body,
    provenance: Provenance = {},
  ): Promise<SavedVersion> {
    const version = page.last_version + 1;
    await this.pages.updateHead(manager, page.id, body, version);
    await this.insertVersion(manager, actor, page.id, version, body, {
      isDraft: false,
      basedOn: page.current_version,
      provenance,
    });
    return { version };
  }

  async writeDraft(
    manager: EntityManager,
    actor: Actor,
    page: PageRecord,
    body: Body,
    basedOnVersion: number,
    provenance: Provenance = {},
  ): Promise<SavedVersion> {
    const version = page.last_version + 1;
    await this.pages.advanceLastVersion(manager, page.id, version);
    await this.insertVersion(manager, actor, page.id, version, body, {
      isDraft: true,
      basedOn: basedOnVersion,
      provenance,
    });
    await this.versions.pruneDrafts(
      manager,
      page.id,
      actor.personId,
      this.drafts.WIKI_DRAFTS_PER_PAGE_AND_PERSON,
    );
    return { version };
  }

  /** The first version of a page just created. */
  async writeFirst(
    manager: EntityManager,
    actor: Actor,
    pageId: string,
    body: Body,
    provenance: Provenance,
  ): Promise<void> {
    await this.insertVersion(manager, actor, pageId, 1, body, {
      isDraft: false,
      basedOn: null,
      provenance,
    });
  }

  private async insertVersion(
    manager: EntityManager,
    actor: Actor,
    pageId: string,
    version: number,
    body: Body,
    kind: { isDraft: boolean; basedOn: number | null; provenance: Provenance },
  ): Promise<void> {
    await this.versions.insert(manager, {
      pageId,
      version,
      title: body.title,
      contentMd: body.content,
      isDraft: kind.isDraft,
      basedOnVersion: kind.basedOn,
      authorId: actor.personId,
      message: kind.provenance.message ?? null,
      sourceKind: sourceKindOf(actor),
      sourceProvider: kind.provenance.sourceProvider ?? null,
      sourceLabel: kind.provenance.sourceLabel ?? null,
    });
  }
}
