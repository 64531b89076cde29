import { Injectable } from '@nestjs/common';
import { all, camelColumns, type CamelRow, first, run } from '@cw/db';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { type WikiComments, wikiDb } from '../wiki-schema';

const COMMENT_COLUMNS = ['id', 'page_id', 'author_id', 'body_md', 'created_at'] as const;

/** A comment on a page (`wiki.comments`). */
export type CommentRecord = CamelRow<WikiComments, (typeof COMMENT_COLUMNS)[number]>;

export type NewComment = Pick<CommentRecord, 'pageId' | 'authorId' | 'bodyMd'>;

export const commentStatements = {
  /** The page's comments, oldest first. */
  listForPage: (pageId: string, limit: number, offset: number) =>
    wikiDb
      .selectFrom('wiki.comments')
      .select(camelColumns(COMMENT_COLUMNS))
      .where('page_id', '=', pageId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .offset(offset),

  /** The author's comment lock on the page, held until the transaction ends. */
  lockAuthorOnPage: (pageId: string, authorId: string) =>
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`wiki:comments:${pageId}:${authorId}`}, 0))`,

  countOf: (pageId: string, authorId: string) =>
    wikiDb
      .selectFrom('wiki.comments')
      .select(sql<number>`count(*)::int`.as('posted'))
      .where('page_id', '=', pageId)
      .where('author_id', '=', authorId),

  // clock_timestamp(), not now(): comments of one instant still sort in the order they landed.
  insert: (comment: NewComment) =>
    wikiDb
      .insertInto('wiki.comments')
      .values({
        page_id: comment.pageId,
        author_id: comment.authorId,
        body_md: comment.bodyMd,
        created_at: sql`clock_timestamp()`,
      })
      .returning(camelColumns(COMMENT_COLUMNS)),
};

/** `wiki.comments`. */
@Injectable()
export class CommentRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The page's comments, oldest first. */
  listForPage(pageId: string, limit: number, offset: number): Promise<CommentRecord[]> {
    return all(this.dataSource, commentStatements.listForPage(pageId, limit, offset));
  }

  /**
   * Holds the author's comment lock on the page for the caller's transaction, then counts their
   * comments there: parallel posts see each other's inserts.
   */
  async lockAndCountOf(manager: EntityManager, pageId: string, authorId: string): Promise<number> {
    await run(manager, commentStatements.lockAuthorOnPage(pageId, authorId));
    const row = await first(manager, commentStatements.countOf(pageId, authorId));
    return row?.posted ?? 0;
  }

  async insert(manager: EntityManager, comment: NewComment): Promise<CommentRecord> {
    const [row] = await all(manager, commentStatements.insert(comment));
    return row;
  }
}
