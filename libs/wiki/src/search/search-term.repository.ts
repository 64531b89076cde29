import { Injectable } from '@nestjs/common';
import { first } from '@cw/db';
import type { EntityManager } from 'typeorm';
import type { PrefixExpansion } from './prefix-expansion';
import { expansionFromRecord, prefixLexemesStatements } from './prefix-lexemes.sql';

/**
 * `wiki.search_terms`: every lexeme that has appeared in a company's pages. Written only by the
 * triggers on `wiki.pages`; read here to expand a typed-ahead last word.
 */
@Injectable()
export class SearchTermRepository {
  /** The expansion of `word` in the company, read now (see PrefixExpansion). */
  async expandPrefix(
    manager: EntityManager,
    companyId: string,
    word: string,
  ): Promise<PrefixExpansion> {
    const row = await first(manager, prefixLexemesStatements.expandPrefix(companyId, word));
    return expansionFromRecord(word, row ?? { stems: [], lexemes: [] });
  }
}
