import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { isUniqueViolation } from '@cw/db';
import { AppError } from '@cw/platform';
import { wikiError } from '../errors/wiki-errors';
import type { EntityManager } from 'typeorm';
import { FolderPaths } from './folder-paths.service';
import { PAGE_COLUMNS, type PageRow } from './page-row';
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
export class PageCreator {
  constructor(
    private readonly folders: FolderPaths,
    private readonly versions: PageVersionsWriter,
  ) {}

  /** Null when a live page already holds that path (or inbox key): the caller decides. */
  async tryCreate(
    manager: EntityManager,
    actor: Actor,
    page: NewPage,
    provenance: Provenance = {},
  ): Promise<PageRow | null> {
    const placement = await this.folders.ensure(manager, actor, page.path ?? INBOX_PATH);
    const [row]: PageRow[] = await manager.query(
      `INSERT INTO wiki.pages (company_id, lane, lane_owner_id, folder_id, folder_path, title, content_md, created_by, inbox_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT DO NOTHING
       RETURNING ${PAGE_COLUMNS.replace(/p\./g, '')}, true AS can_read`,
      [
        actor.companyId,
        placement.lane,
        placement.ownerId,
        placement.folderId,
        placement.folderPath,
        page.title,
        page.markdown,
        actor.personId,
        page.inboxKey ?? null,
      ],
    );
    if (!row) return null;
    await this.versions.insertVersion(
      manager,
      actor,
      row.id,
      1,
      { title: page.title, content: page.markdown },
      false,
      null,
      provenance,
    );
    return row;
  }

  async create(
    manager: EntityManager,
    actor: Actor,
    page: NewPage,
    provenance: Provenance = {},
  ): Promise<PageRow> {
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
