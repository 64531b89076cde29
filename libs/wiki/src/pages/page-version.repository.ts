import { Injectable } from '@nestjs/common';
import { all, camelColumns, type CamelRow, first, rawQuery, run } from '@cw/db';
import { DataSource, type EntityManager } from 'typeorm';
import { type WikiPageVersions, type WikiRow, wikiDb } from '../wiki-schema';

const SUMMARY_COLUMNS = [
  'page_id',
  'version',
  'title',
  'is_draft',
  'based_on_version',
  'author_id',
  'saved_at',
  'message',
  'source_kind',
  'source_provider',
  'source_label',
] as const;

/** A stored version without its body, as version lists show it. */
export type PageVersionSummary = CamelRow<WikiPageVersions, (typeof SUMMARY_COLUMNS)[number]>;

/** A stored version with its body: head or draft, with its provenance. */
export type PageVersionRecord = PageVersionSummary & CamelRow<WikiPageVersions, 'content_md'>;

/** What a new version row holds; `saved_at` takes its default. */
export type NewPageVersionRow = Omit<PageVersionRecord, 'savedAt'>;

export const pageVersionStatements = {
  /** Hand-written on the edit path, like the page writes (page-write.repository.ts). */
  insert: (version: NewPageVersionRow) =>
    rawQuery(
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
    ),

  /**
   * On the draft save path: a fixed text that uses its parameters twice. Answers the versions it
   * deleted (what the caller counts).
   */
  pruneDrafts: (pageId: string, authorId: string, keep: number) =>
    rawQuery<WikiRow<WikiPageVersions, 'version'>>(
      `DELETE FROM wiki.page_versions
        WHERE page_id = $1 AND author_id = $2 AND is_draft
          AND version < (SELECT version FROM wiki.page_versions
                          WHERE page_id = $1 AND author_id = $2 AND is_draft
                          ORDER BY version DESC LIMIT 1 OFFSET $3 - 1)
        RETURNING version`,
      [pageId, authorId, keep],
    ),

  /** On the edit path, where an edit behind the head is re-planned against it. */
  findHeadBody: (pageId: string, version: number) =>
    rawQuery<WikiRow<WikiPageVersions, 'title' | 'content_md'>>(
      `SELECT title, content_md FROM wiki.page_versions WHERE page_id = $1 AND version = $2 AND NOT is_draft`,
      [pageId, version],
    ),

  /** The page's versions, newest first, without bodies. */
  listForPage: (pageId: string, limit: number, offset: number) =>
    wikiDb
      .selectFrom('wiki.page_versions')
      .select(camelColumns(SUMMARY_COLUMNS))
      .where('page_id', '=', pageId)
      .orderBy('version', 'desc')
      .limit(limit)
      .offset(offset),

  findOne: (pageId: string, version: number) =>
    wikiDb
      .selectFrom('wiki.page_versions')
      .select(camelColumns([...SUMMARY_COLUMNS, 'content_md']))
      .where('page_id', '=', pageId)
      .where('version', '=', version),
};

/** `wiki.page_versions`: every saved body of a page, head or draft. */
@Injectable()
export class PageVersionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts a version of a page whose row the caller holds locked. */
  insert(manager: EntityManager, version: NewPageVersionRow): Promise<void> {
    return run(manager, pageVersionStatements.insert(version));
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
    return (await all(manager, pageVersionStatements.pruneDrafts(pageId, authorId, keep))).length;
  }

  /** Title and body of a head version (never a draft) of the page; null when there is none. */
  async findHeadBody(
    manager: EntityManager,
    pageId: string,
    version: number,
  ): Promise<{ title: string; content: string } | null> {
    const row = await first(manager, pageVersionStatements.findHeadBody(pageId, version));
    return row ? { title: row.title, content: row.content_md } : null;
  }

  /** The page's versions, newest first, without bodies. */
  listForPage(pageId: string, limit: number, offset: number): Promise<PageVersionSummary[]> {
    return all(this.dataSource, pageVersionStatements.listForPage(pageId, limit, offset));
  }

  /** One version of the page with its body (drafts too). */
  findOne(pageId: string, version: number): Promise<PageVersionRecord | null> {
    return first(this.dataSource, pageVersionStatements.findOne(pageId, version));
  }
}
