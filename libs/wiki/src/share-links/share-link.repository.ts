import { Injectable } from '@nestjs/common';
import { all, camelColumns, type CamelRow, first, run } from '@cw/db';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { type WikiPages, type WikiRow, type WikiShareLinks, wikiDb } from '../wiki-schema';

/** The columns of a link as it is listed: never its token hash. */
const SUMMARY_COLUMNS = ['id', 'page_id', 'token_prefix', 'created_by', 'created_at'] as const;

/** A link as it is listed: never its token hash. */
export type ShareLinkSummary = CamelRow<WikiShareLinks, (typeof SUMMARY_COLUMNS)[number]>;

export type NewShareLink = Pick<ShareLinkSummary, 'pageId' | 'tokenPrefix' | 'createdBy'> & {
  tokenHash: Buffer;
};

/** The head of a shared page, as a public link shows it. */
export type SharedPageRecord = CamelRow<WikiPages, 'title' | 'content_md' | 'updated_at'> & {
  version: WikiRow<WikiPages, 'current_version'>['current_version'];
};

export const shareLinkStatements = {
  /** The page's share-link lock, held until the transaction ends. */
  lockPage: (pageId: string) =>
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`wiki:share-links:${pageId}`}, 0))`,

  countLive: (pageId: string) =>
    wikiDb
      .selectFrom('wiki.share_links')
      .select(sql<number>`count(*)::int`.as('live'))
      .where('page_id', '=', pageId)
      .where('revoked_at', 'is', null),

  insert: (link: NewShareLink) =>
    wikiDb
      .insertInto('wiki.share_links')
      .values({
        page_id: link.pageId,
        token_hash: link.tokenHash,
        token_prefix: link.tokenPrefix,
        created_by: link.createdBy,
      })
      .returning(camelColumns(SUMMARY_COLUMNS)),

  /** The page's live links, oldest first. */
  listLive: (pageId: string) =>
    wikiDb
      .selectFrom('wiki.share_links')
      .select(camelColumns(SUMMARY_COLUMNS))
      .where('page_id', '=', pageId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id'),

  /** Revoking again keeps the first revocation's time. */
  revoke: (pageId: string, linkId: string) =>
    wikiDb
      .updateTable('wiki.share_links')
      .set({ revoked_at: sql`coalesce(revoked_at, now())` })
      .where('id', '=', linkId)
      .where('page_id', '=', pageId)
      .returning('id'),

  findSharedPage: (tokenHash: Buffer) =>
    wikiDb
      .selectFrom('wiki.share_links as l')
      .innerJoin('wiki.pages as p', 'p.id', 'l.page_id')
      .select(camelColumns(['p.title', 'p.content_md', 'p.updated_at']))
      .select('p.current_version as version')
      .where('l.token_hash', '=', tokenHash)
      .where('l.revoked_at', 'is', null)
      .where('p.deleted_at', 'is', null),
};

/** `wiki.share_links`. */
@Injectable()
export class ShareLinkRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Holds the page's share-link lock for the caller's transaction, then counts its live links:
   * parallel creations on one page see each other's inserts.
   */
  async lockAndCountLive(manager: EntityManager, pageId: string): Promise<number> {
    await run(manager, shareLinkStatements.lockPage(pageId));
    const row = await first(manager, shareLinkStatements.countLive(pageId));
    return row?.live ?? 0;
  }

  async insert(manager: EntityManager, link: NewShareLink): Promise<ShareLinkSummary> {
    const [row] = await all(manager, shareLinkStatements.insert(link));
    return row;
  }

  /** The page's live links, oldest first. */
  listLive(pageId: string): Promise<ShareLinkSummary[]> {
    return all(this.dataSource, shareLinkStatements.listLive(pageId));
  }

  /** Revokes a link of the page (again: harmless); false when the page has no such link. */
  async revoke(pageId: string, linkId: string): Promise<boolean> {
    const rows = await all(this.dataSource, shareLinkStatements.revoke(pageId, linkId));
    return rows.length > 0;
  }

  /** The live page shared under this token hash, unless the link is revoked or the page trashed. */
  findSharedPage(tokenHash: Buffer): Promise<SharedPageRecord | null> {
    return first(this.dataSource, shareLinkStatements.findSharedPage(tokenHash));
  }
}
