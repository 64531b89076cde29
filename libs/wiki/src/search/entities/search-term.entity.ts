import { Entity, PrimaryColumn } from 'typeorm';

/**
 * A lexeme that has appeared in a company's pages (`wiki.search_terms`), kept by triggers on
 * `wiki.pages` (migration 1763850000007); search expands a typed-ahead last word with them.
 */
@Entity({ schema: 'wiki', name: 'search_terms' })
export class SearchTerm {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId!: string;

  @PrimaryColumn({ type: 'text', collation: 'C' })
  lexeme!: string;
}
