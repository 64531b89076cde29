import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DataSource } from 'typeorm';
import { pathOf } from '../pages/page-row';
import type { SearchResponseDto, SearchResultDto } from './dtos/search-response.dto';
import { pageUrl } from './page-url';
import { buildSearchSql, type SearchHitRow } from './search-sql';
import { queryTermsOf } from './snippets/query-terms';
import { snippetOf } from './snippets/snippet';

/**
 * Full-text search over the pages the actor may read. Visibility is applied in SQL, so
 * restricted pages the actor is not listed on, trashed pages and other companies' pages never
 * leave the database (search-sql.ts).
 */
@Injectable()
export class WikiSearchService {
  constructor(private readonly dataSource: DataSource) {}

  async search(
    actor: Actor,
    text: string,
    page: { limit: number; offset: number },
  ): Promise<SearchResponseDto> {
    const { sql, params } = await buildSearchSql(this.dataSource, actor, text, page);
    const rows: SearchHitRow[] = await this.dataSource.query(sql, params);
    const terms = queryTermsOf(rows[0]?.terms ?? 'T');
    return {
      results: rows.slice(0, page.limit).map((row) => toResult(row, snippetOf(row.body, terms))),
      has_more: rows.length > page.limit,
    };
  }
}

function toResult(row: SearchHitRow, snippet: string): SearchResultDto {
  return {
    page_id: Number(row.id),
    page_public_id: row.public_id,
    path: pathOf(row),
    title: row.title,
    version: row.current_version,
    url: pageUrl(row.public_id),
    snippet,
  };
}
