import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { isUniqueViolation } from '@cw/db';
import type { EntityManager } from 'typeorm';
import { wikiError } from '../errors/wiki-errors';
import { FolderPathsService } from '../folders/folder-paths.service';
import type { PageRecord } from './page-record';
import { PageWriteRepository } from './page-write.repository';
import { PageVersionsWriter, type Provenance } from './page-versions.writer';

export const INBOX_PATH = '/Private/Inbox';

export interface NewPage {
  title: string;
  markdown: string;
  path?: string;
  inboxKey?: string;
}

/** Creates a page with its first version, creating missing folders on the way. */
@Injectable()
export class PageCreateService {
  constructor(
    private readonly paths: FolderPathsService,
    private readonly pages: PageWriteRepository,
    private readonly versions: PageVersionsWriter,
  ) {}

  /** Null when a live page already holds that path (or inbox key): the caller decides. */
  async tryCreate(
    manager: EntityManager,
    actor: Actor,
    page: NewPage,
    provenance: Provenance = {},
  ): Promise<PageRecord | null> {
    const placement = await this.paths.ensure(manager, actor, page.path ?? INBOX_PATH);
    const row = await this.pages.insertUnlessTaken(manager, {
      companyId: actor.companyId,
      lane: placement.lane,
      laneOwnerId: placement.ownerId,
      folderId: placement.folderId,
      folderPath: placement.folderPath,
      title: page.title,
      contentMd: page.markdown,
      createdBy: actor.personId,
      inboxKey: page.inboxKey ?? null,
    });
    if (!row) return null;
    await this.versions.writeFirst(
      manager,
      actor,
      row.id,
      { title: page.title, content: page.markdown },
      provenance,
    );
    return row;
  }

  async create(
    manager: EntityManager,
    actor: Actor,
    page: NewPage,
    provenance: Provenance = {},
  ): Promise<PageRecord> {
    try {
      const created = await this.tryCreate(manager, actor, page, provenance);
      if (created) return created;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    throw wikiError(
      'PAGE_PATH_TAKEN',
      `A page titled "${page.title}" already exists in ${page.path ?? INBOX_PATH}.`,
    );
  }
}
