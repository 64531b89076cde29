import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull, type Repository } from 'typeorm';
import { ShareLink } from './entities/share-link.entity';

/** A link as it is listed: never its token hash. */
export type ShareLinkSummary = Omit<ShareLink, 'tokenHash' | 'revokedAt'>;

/** The head of a shared page, as a public link shows it. */
export interface SharedPageRecord {
  title: string;
  content_md: string;
  updated_at: Date;
  version: number;
}

/** `wiki.share_links`. */
@Injectable()
export class ShareLinkRepository {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(ShareLink) private readonly links: Repository<ShareLink>,
  ) {}

  /**
   * Holds the page's share-link lock for the caller's transaction, then counts its live links:
   * parallel creations on one page see each other's inserts.
   */
  async lockAndCountLive(manager: EntityManager, pageId: string): Promise<number> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `wiki:share-links:${pageId}`,
    ]);
    const [row]: { live: number }[] = await manager.query(
      `SELECT count(*)::int AS live FROM wiki.share_links WHERE page_id = $1 AND revoked_at IS NULL`,
      [pageId],
    );
    return row.live;
  }

  async insert(
    manager: EntityManager,
    link: Pick<ShareLink, 'pageId' | 'tokenHash' | 'tokenPrefix' | 'createdBy'>,
  ): Promise<ShareLinkSummary> {
    const { generatedMaps } = await manager.getRepository(ShareLink).insert(link);
    const { tokenHash: _hash, ...summary } = link;
    return { ...summary, ...(generatedMaps[0] as Pick<ShareLink, 'id' | 'createdAt'>) };
  }

  /** The page's live links, oldest first. */
  listLive(pageId: string): Promise<ShareLinkSummary[]> {
    return this.links.find({
      select: { id: true, pageId: true, tokenPrefix: true, createdBy: true, createdAt: true },
      where: { pageId, revokedAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** Revokes a link of the page (again: harmless); false when the page has no such link. */
  async revoke(pageId: string, linkId: string): Promise<boolean> {
    const { affected } = await this.links.update(
      { id: linkId, pageId },
      { revokedAt: () => 'coalesce(revoked_at, now())' },
    );
    return (affected ?? 0) > 0;
  }

  /** The live page shared under this token hash, unless the link is revoked or the page trashed. */
  async findSharedPage(tokenHash: Buffer): Promise<SharedPageRecord | null> {
    const [row]: SharedPageRecord[] = await this.dataSource.query(
      `SELECT p.title, p.content_md, p.updated_at, p.current_version AS version
             FROM wiki.share_links l JOIN wiki.pages p ON p.id = l.page_id
            WHERE l.token_hash = $1 AND l.revoked_at IS NULL AND p.deleted_at IS NULL`,
      [tokenHash],
    );
    return row ?? null;
  }
}
