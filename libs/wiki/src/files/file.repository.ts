import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { PageFile } from './entities/file.entity';

/** A stored file without its bytes. */
export type PageFileSummary = Omit<PageFile, 'data'>;

/** What a download sends. */
export type PageFileContent = Pick<PageFile, 'filename' | 'contentType' | 'sizeBytes' | 'data'>;

/** What a page holds in files. */
export interface PageFileTotals {
  files: number;
  bytes: number;
}

/** `wiki.files`. */
@Injectable()
export class PageFileRepository {
  constructor(@InjectRepository(PageFile) private readonly files: Repository<PageFile>) {}

  /**
   * Holds the page's file lock for the caller's transaction, then totals its files: parallel
   * uploads to one page see each other's inserts.
   */
  async lockAndTotal(manager: EntityManager, pageId: string): Promise<PageFileTotals> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `wiki:files:${pageId}`,
    ]);
    const [row]: PageFileTotals[] = await manager.query(
      `SELECT count(*)::int AS files, coalesce(sum(size_bytes), 0)::bigint::float8 AS bytes
         FROM wiki.files WHERE page_id = $1`,
      [pageId],
    );
    return row;
  }

  async insert(
    manager: EntityManager,
    file: Omit<PageFile, 'id' | 'createdAt'>,
  ): Promise<PageFileSummary> {
    // clock_timestamp(), not now(): files of one instant still sort in the order they landed.
    const { generatedMaps } = await manager.getRepository(PageFile).insert({
      ...file,
      createdAt: () => 'clock_timestamp()',
    });
    const { data: _bytes, ...summary } = file;
    return { ...summary, ...(generatedMaps[0] as Pick<PageFile, 'id' | 'createdAt'>) };
  }

  /** The page's files, oldest first, without their bytes. */
  listForPage(pageId: string, limit: number, offset: number): Promise<PageFileSummary[]> {
    return this.files.find({
      where: { pageId },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: limit,
      skip: offset,
    });
  }

  /** A file of the page with its bytes; null when the page has no file with that id. */
  findContent(pageId: string, fileId: string): Promise<PageFileContent | null> {
    return this.files.findOne({
      select: { filename: true, contentType: true, sizeBytes: true, data: true },
      where: { id: fileId, pageId },
    });
  }
}
