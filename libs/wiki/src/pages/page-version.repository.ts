import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { PageVersion } from './entities/page-version.entity';

/** A stored version without its body, as version lists show it. */
export type PageVersionSummary = Omit<PageVersion, 'contentMd'>;

/** What a new version row holds; `saved_at` takes its default. */
export type NewPageVersionRow = Omit<PageVersion, 'savedAt'>;

/** `wiki.page_versions`: every saved body of a page, head or draft. */
@Injectable()
export class PageVersionRepository {
  constructor(@InjectRepository(PageVersion) private readonly versions: Repository<PageVersion>) {}

  /** Inserts a version of a page whose row the caller holds locked. */
  async insert(manager: EntityManager, version: NewPageVersionRow): Promise<void> {
    await manager.query(
      `INSERT INTO wiki.page_versions
         (page_id, version, title, content_md, is_draft, based_on_version, author_id, message,
          source_kind, source_provider, source_label)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        version.pageId,
        version.version,
        version.title,
        version.contentMd,
        version.isDraft,
        version.basedOnVersion,
        version.authorId,
        version.message,
        version.sourceKind,
        version.sourceProvider,
        version.sourceLabel,
      ],
    );
  }

  /**
   * Deletes the drafts `authorId` saved on the page older than their newest `keep` (below the
   * `keep`-th newest; nothing when there are fewer); how many went.
   * The caller holds the page row locked, so concurrent drafts of the page are counted in turn.
   */
  async pruneDrafts(
    manager: EntityManager,
    pageId: string,
    authorId: string,
    keep: number,
  ): Promise<number> {
    // TypeORM answers a DELETE with [rows, affected row count].
    const [, pruned]: [unknown[], number] = await manager.query(
      `DELETE FROM wiki.page_versions
        WHERE page_id = $1 AND author_id = $2 AND is_draft
          AND version < (SELECT version FROM wiki.page_versions
                          WHERE page_id = $1 AND author_id = $2 AND is_draft
                          ORDER BY version DESC LIMIT 1 OFFSET $3 - 1)`,
      [pageId, authorId, keep],
    );
    return pruned;
  }

  /** Title and body of a head version (never a draft) of the page; null when there is none. */
  async findHeadBody(
    manager: EntityManager,
    pageId: string,
    version: number,
  ): Promise<{ title: string; content: string } | null> {
    const [row]: { title: string; content_md: string }[] = await manager.query(
      `SELECT title, content_md FROM wiki.page_versions WHERE page_id = $1 AND version = $2 AND NOT is_draft`,
      [pageId, version],
    );
    return row ? { title: row.title, content: row.content_md } : null;
  }

  /** The page's versions, newest first, without bodies. */
  listForPage(pageId: string, limit: number, offset: number): Promise<PageVersionSummary[]> {
    return this.versions.find({
      select: {
        pageId: true,
        version: true,
        title: true,
        isDraft: true,
        basedOnVersion: true,
        authorId: true,
        savedAt: true,
        message: true,
        sourceKind: true,
        sourceProvider: true,
        sourceLabel: true,
      },
      where: { pageId },
      order: { version: 'DESC' },
      take: limit,
      skip: offset,
    });
  }

  /** One version of the page with its body (drafts too). */
  findOne(pageId: string, version: number): Promise<PageVersion | null> {
    return this.versions.findOneBy({ pageId, version });
  }
}
