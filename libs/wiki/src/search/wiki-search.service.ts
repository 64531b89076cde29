import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DataSource } from 'typeorm';
import { PageSearchRepository } from '../pages/page-search.repository';
import type { SearchHitRecord } from '../pages/page-search.sql';
import { pathOf } from '../pages/page-view';
import type { SearchResponseDto, SearchResultDto } from './dtos/search-response.dto';
import { pageUrl } from './page-url';
import { expansionOf, type PrefixExpansion, sameExpansion } from './prefix-expansion';
import { PrefixExpansionCache } from './prefix-expansion-cache';
import { SearchTermRepository } from './search-term.repository';
import { type ParsedSearchText, parseSearchText } from './search-text';
import { SearchLexemes } from './snippets/english-lexeme';
import { queryTermsOf } from './snippets/query-terms';
import { snippetOf } from './snippets/snippet';

type Page = { limit: number; offset: number };

/**
 * Full-text search over the pages the actor may read. Visibility is applied in SQL, so
 * restricted pages the actor is not listed on, trashed pages and other companies' pages never
 * leave the database (pages/page-search.sql.ts).
 */
@Injectable()
export class WikiSearchService {
  private readonly expansions = new PrefixExpansionCache();

  constructor(
    private readonly dataSource: DataSource,
    private readonly pages: PageSearchRepository,
    private readonly terms: SearchTermRepository,
  ) {}

  async search(actor: Actor, text: string, page: Page): Promise<SearchResponseDto> {
    const parsed = parseSearchText(text);
    const rows = await this.findHits(actor, parsed, page);
    const terms = queryTermsOf(rows[0]?.terms ?? 'T');
    // One stemming budget for all the snippets of the answer: its cost is bounded per search.
    const lexemes = new SearchLexemes();
    return {
      results: rows
        .slice(0, page.limit)
        .map((row) => toResult(row, snippetOf(row.body, terms, lexemes))),
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
  ): Promise<SearchHitRecord[]> {
    if (!parsed.prefix) return this.pages.search(actor, parsed, null, page, false);
    const { word } = parsed.prefix;
    const cached = this.expansions.get(actor.companyId, word);
    // Partial matches need no check: a stop word stays one, and the lexicon only grows.
    if (cached?.match.kind === 'lexemes') {
      const rows = await this.pages.search(actor, parsed, cached, page, true);
      const current =
        rows.length > 0
          ? expansionOf(word, cached.stem, rows[0].prefix_lexemes ?? [])
          : await this.expand(actor, word);
      if (sameExpansion(current, cached)) return rows;
      this.expansions.set(actor.companyId, current);
      return this.pages.search(actor, parsed, current, page, false);
    }
    const expansion = cached ?? (await this.expand(actor, word));
    this.expansions.set(actor.companyId, expansion);
    return this.pages.search(actor, parsed, expansion, page, false);
  }

  private expand(actor: Actor, word: string): Promise<PrefixExpansion> {
    return this.terms.expandPrefix(this.dataSource.manager, actor.companyId, word);
  }
}

function toResult(row: SearchHitRecord, snippet: string): SearchResultDto {
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
