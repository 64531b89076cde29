import { Injectable } from '@nestjs/common';
import { all, camelColumns, type CamelRow, first, run } from '@cw/db';
import { sql } from 'kysely';
import { DataSource, type EntityManager } from 'typeorm';
import { type WikiFiles, wikiDb } from '../wiki-schema';

/** The columns of a stored file but its bytes. */
const SUMMARY_COLUMNS = [
  'id',
  'page_id',
  'filename',
  'content_type',
  'size_bytes',
  'sha256',
  'uploaded_by',
  'created_at',
] as const;

const CONTENT_COLUMNS = ['filename', 'content_type', 'size_bytes', 'data'] as const;

/** A stored file without its bytes. */
export type PageFileSummary = CamelRow<WikiFiles, (typeof SUMMARY_COLUMNS)[number]>;

/** What a download sends. */
export type PageFileContent = CamelRow<WikiFiles, (typeof CONTENT_COLUMNS)[number]>;

/** What an upload stores. */
export type NewPageFile = Omit<PageFileSummary, 'id' | 'createdAt'> & Pick<PageFileContent, 'data'>;

/** What a page holds in files. */
export interface PageFileTotals {
  files: number;
  bytes: number;
}

export const pageFileStatements = {
  /** The page's file lock, held until the transaction ends. */
  lockPage: (pageId: string) =>
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`wiki:files:${pageId}`}, 0))`,

  totalOfPage: (pageId: string) =>
    wikiDb
      .selectFrom('wiki.files')
      .select([
        sql<number>`count(*)::int`.as('files'),
        sql<number>`coalesce(sum(size_bytes), 0)::bigint::float8`.as('bytes'),
      ])
      .where('page_id', '=', pageId),

  // clock_timestamp(), not now(): files of one instant still sort in the order they landed.
  insert: (file: NewPageFile) =>
    wikiDb
      .insertInto('wiki.files')
      .values({
        page_id: file.pageId,
        filename: file.filename,
        content_type: file.contentType,
        size_bytes: file.sizeBytes,
        sha256: file.sha256,
        data: file.data,
        uploaded_by: file.uploadedBy,
        created_at: sql`clock_timestamp()`,
      })
      .returning(camelColumns(SUMMARY_COLUMNS)),

  /** The page's files, oldest first, without their bytes. */
  listForPage: (pageId: string, limit: number, offset: number) =>
    wikiDb
      .selectFrom('wiki.files')
      .select(camelColumns(SUMMARY_COLUMNS))
      .where('page_id', '=', pageId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .offset(offset),

  findContent: (pageId: string, fileId: string) =>
    wikiDb
      .selectFrom('wiki.files')
      .select(camelColumns(CONTENT_COLUMNS))
      .where('id', '=', fileId)
      .where('page_id', '=', pageId),
};

/** `wiki.files`. */
@Injectable()
export class PageFileRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Holds the page's file lock for the caller's transaction, then totals its files: parallel
   * uploads to one page see each other's inserts.
   */
  async lockAndTotal(manager: EntityManager, pageId: string): Promise<PageFileTotals> {
    await run(manager, pageFileStatements.lockPage(pageId));
    const row = await first(manager, pageFileStatements.totalOfPage(pageId));
    return row ?? { files: 0, bytes: 0 };
  }

  async insert(manager: EntityManager, file: NewPageFile): Promise<PageFileSummary> {
    const [row] = await all(manager, pageFileStatements.insert(file));
    return row;
  }

  /** The page's files, oldest first, without their bytes. */
  listForPage(pageId: string, limit: number, offset: number): Promise<PageFileSummary[]> {
    return all(this.dataSource, pageFileStatements.listForPage(pageId, limit, offset));
  }

  /** A file of the page with its bytes; null when the page has no file with that id. */
  findContent(pageId: string, fileId: string): Promise<PageFileContent | null> {
    return first(this.dataSource, pageFileStatements.findContent(pageId, fileId));
  }
}
