import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Reader } from '../access/visibility.sql';
import type { PrefixExpansion } from '../search/prefix-expansion';
import type { ParsedSearchText } from '../search/search-text';
import {
  memoryMatchesStatement,
  type MemoryNoteRecord,
  standingMemoryStatement,
} from './page-memory.sql';
import { pageSearchStatement, type SearchHitRecord } from './page-search.sql';

/**
 * `wiki.pages` searched: the search route's hits and agent memory's notes, whose statements
 * are built in page-search.sql.ts and page-memory.sql.ts.
 */
@Injectable()
export class PageSearchRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of search hits (see pageSearchStatement). */
  async search(
    reader: Reader,
    parsed: ParsedSearchText,
    expansion: PrefixExpansion | null,
    page: { limit: number; offset: number },
    checkExpansion: boolean,
  ): Promise<SearchHitRecord[]> {
    const { sql, params } = pageSearchStatement(reader, parsed, expansion, page, checkExpansion);
    return this.dataSource.query(sql, params);
  }

  /** The reader's standing memory page, if any (see standingMemoryStatement). */
  async findStandingMemory(
    manager: EntityManager,
    reader: Reader,
  ): Promise<MemoryNoteRecord | null> {
    const { sql, params } = standingMemoryStatement(reader);
    const [row]: MemoryNoteRecord[] = await manager.query(sql, params);
    return row ?? null;
  }

  /** Notes matching a memory query (see memoryMatchesStatement). */
  findMemoryMatches(
    manager: EntityManager,
    reader: Reader,
    parsed: ParsedSearchText,
    expansion: PrefixExpansion | null,
    includeShared: boolean,
    fetch: number,
  ): Promise<MemoryNoteRecord[]> {
    const { sql, params } = memoryMatchesStatement(reader, parsed, expansion, includeShared, fetch);
    return manager.query(sql, params);
  }
}
