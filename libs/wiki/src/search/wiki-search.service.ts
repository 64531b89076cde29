import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DataSource } from 'typeorm';
import { pathOf } from '../pages/page-row';
import type { SearchResponseDto, SearchResultDto } from './dtos/search-response.dto';
import { type ParsedSearchText, parseSearchText } from './fts-query';
import { pageUrl } from './page-url';
import { expandPrefix, expansionOf, type PrefixExpansion, sameExpansion } from './prefix-expansion';
import { PrefixExpansionCache } from './prefix-expansion-cache';
import { type SearchHitRow, searchSql } from './search-sql';
import { queryTermsOf } from './snippets/query-terms';
import { snippetOf } from './snippets/snippet';

type Page = { limit: number; offset: number };

/**
 * Full-text search over the pages the actor may read. Visibility is applied in SQL, so
 * restricted pages the actor is not listed on, trashed pages and other companies' pages never
 * leave the database (search-sql.ts).
 */
@Injectable()
export class WikiSearchService {
  private readonly expansions = new PrefixExpansionCache();

  constructor(private readonly dataSource: DataSource) {}

  async search(actor: Actor, text: string, page: Page): Promise<SearchResponseDto> {
    const parsed = parseSearchText(text);
    const rows = await this.findHits(actor, parsed, page);
    const terms = queryTermsOf(rows[0]?.terms ?? 'T');
    return {
      results: rows.slice(0, page.limit).map((row) => toResult(row, snippetOf(row.body, terms))),
      has_more: rows.length > page.limit,
    };
  }

  /**
   * One statement when the prefix expansion is cached and still current, which the statement
   * itself checks; otherwise the expansion is read (again) and the search runs with it.
   */
  private async findHits(
    actor: Actor,
    parsed: ParsedSearchText,
    page: Page,
  ): Promise<SearchHitRow[]> {
    if (!parsed.prefix) return this.run(actor, parsed, null, page, false);
    const { word } = parsed.prefix;
    const cached = this.expansions.get(actor.companyId, word);
    // Partial matches need no check: a stop word stays one, and the lexicon only grows.
    if (cached?.match.kind === 'lexemes') {
      const rows = await this.run(actor, parsed, cached, page, true);
      const current =
        rows.length > 0
          ? expansionOf(word, cached.stem, rows[0].prefix_lexemes ?? [])
          : await expandPrefix(this.dataSource, actor.companyId, word);
      if (sameExpansion(current, cached)) return rows;
      this.expansions.set(actor.companyId, current);
      return this.run(actor, parsed, current, page, false);
    }
    const expansion = cached ?? (await expandPrefix(this.dataSource, actor.companyId, word));
    this.expansions.set(actor.companyId, expansion);
    return this.run(actor, parsed, expansion, page, false);
  }

  private run(
    actor: Actor,
    parsed: ParsedSearchText,
    expansion: PrefixExpansion | null,
    page: Page,
    checkExpansion: boolean,
  ): Promise<SearchHitRow[]> {
    const { sql, params } = searchSql(actor, parsed, expansion, page, checkExpansion);
    return this.dataSource.query(sql, params);
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
