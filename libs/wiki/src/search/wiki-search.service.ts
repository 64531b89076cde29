import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DataSource } from 'typeorm';
import { readablePagesSql } from '../access/visibility';
import { pathOf } from '../pages/page-row';
import type { SearchResponseDto, SearchResultDto } from './dtos/search-response.dto';
import { rankSql, snippetSql, tsQuerySql } from './fts-query';
import { pageUrl } from './page-url';

interface SearchHitRow {
  id: string;
  public_id: string;
  folder_path: string;
  title: string;
  current_version: number;
  snippet: string;
}

/**
 * Full-text search over the pages the actor may read. Visibility is applied in SQL (the one
 * definition in access/visibility.ts), so restricted pages the actor is not listed on, trashed
 * pages and other companies' pages never leave the database.
 */
@Injectable()
export class WikiSearchService {
  constructor(private readonly dataSource: DataSource) {}

  async search(
    actor: Actor,
    text: string,
    page: { limit: number; offset: number },
  ): Promise<SearchResponseDto> {
    const params: unknown[] = [];
    const query = tsQuerySql(text, params);
    const readable = readablePagesSql('p', actor, params);
    params.push(page.limit + 1, page.offset);
    const limit = `$${params.length - 1}`;
    const offset = `$${params.length}`;
    // `p.deleted_at IS NULL` is spelled out at the top level so that the planner matches the
    // partial GIN index pages_company_search_idx. The ranking subquery carries only ids (sorting every
    // match with its body was a third of the cost); bodies and snippets are read for the page
    // of hits only.
    const rows: SearchHitRow[] = await this.dataSource.query(
      `SELECT page.id, page.public_id, page.folder_path, page.title, page.current_version,
              ${snippetSql('page', 'hit.query')} AS snippet
         FROM (SELECT p.id, q.query, ${rankSql('p', 'q.query')} AS rank
                 FROM wiki.pages p, (SELECT ${query} AS query) q
                WHERE p.deleted_at IS NULL
                  AND p.search_vector @@ q.query
                  AND ${readable}
                ORDER BY rank DESC, p.id ASC
                LIMIT ${limit} OFFSET ${offset}) hit
         JOIN wiki.pages page ON page.id = hit.id
        ORDER BY hit.rank DESC, hit.id ASC`,
      params,
    );
    return {
      results: rows.slice(0, page.limit).map(toResult),
      has_more: rows.length > page.limit,
    };
  }
}

function toResult(row: SearchHitRow): SearchResultDto {
  return {
    page_id: Number(row.id),
    page_public_id: row.public_id,
    path: pathOf(row),
    title: row.title,
    version: row.current_version,
    url: pageUrl(row.public_id),
    snippet: row.snippet,
  };
}
