import { Injectable } from '@nestjs/common';
import { all, first } from '@cw/db';
import { DataSource, type EntityManager } from 'typeorm';
import type { Reader } from '../access/visibility.sql';
import type { PrefixExpansion } from '../search/prefix-expansion';
import type { ParsedSearchText } from '../search/search-text';
import { type MemoryNoteRecord, pageMemoryStatements } from './page-memory.sql';
import { pageSearchStatement, type SearchHitRecord } from './page-search.sql';

/** The search route's statement, as the statement snapshots name it. */
export const pageSearchStatements = { search: pageSearchStatement };

/**
 * `wiki.pages` searched: the search route's hits and agent memory's notes, whose statements
 * are written in page-search.sql.ts and page-memory.sql.ts.
 */
@Injectable()
export class PageSearchRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of search hits (see pageSearchStatement). */
  search(
    reader: Reader,
    parsed: ParsedSearchText,
    expansion: PrefixExpansion | null,
    page: { limit: number; offset: number },
    checkExpansion: boolean,
  ): Promise<SearchHitRecord[]> {
    return all(
      this.dataSource,
      pageSearchStatement(reader, parsed, expansion, page, checkExpansion),
    );
  }

  /** The reader's standing memory page, if any (see pageMemoryStatements.standingMemory). */
  findStandingMemory(manager: EntityManager, reader: Reader): Promise<MemoryNoteRecord | null> {
    return first(manager, pageMemoryStatements.standingMemory(reader));
  }

  /** Notes matching a memory query (see pageMemoryStatements.memoryMatches). */
  findMemoryMatches(
    manager: EntityManager,
    reader: Reader,
    parsed: ParsedSearchText,
    expansion: PrefixExpansion | null,
    includeShared: boolean,
    fetch: number,
  ): Promise<MemoryNoteRecord[]> {
    return all(
      manager,
      pageMemoryStatements.memoryMatches(reader, parsed, expansion, includeShared, fetch),
    );
  }
}
