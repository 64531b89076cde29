import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { PageSearchRepository } from '../pages/page-search.repository';
import type { MemoryNoteRecord } from '../pages/page-memory.sql';
import { pageUrl } from '../search/page-url';
import { SearchTermRepository } from '../search/search-term.repository';
import { parseSearchText } from '../search/search-text';
import type {
  MemoryBootstrapResponseDto,
  MemoryNoteDto,
} from './dtos/memory-bootstrap-response.dto';
import { memoryGuidance } from './memory-rules';

export interface MemoryBootstrapRequest {
  /** Trimmed keywords; absent or empty: only the standing page. */
  query?: string;
  includeShared: boolean;
  /** Most notes, the standing page included. */
  limit: number;
}

/**
 * What an agent loads at the start of a session: the caller's standing memory page, then
 * keyword matches among their Private notes (and, when asked, team and company pages they can
 * read). Read only: it creates nothing. The rules are listed in docs/wiki-search.md.
 */
@Injectable()
export class MemoryBootstrapService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pages: PageSearchRepository,
    private readonly terms: SearchTermRepository,
  ) {}

  async bootstrap(
    actor: Actor,
    request: MemoryBootstrapRequest,
  ): Promise<MemoryBootstrapResponseDto> {
    const query = request.query ? request.query : null;
    // One snapshot for both reads, so the standing page and the matches agree.
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const standing = await this.pages.findStandingMemory(manager, actor);
      const notes: MemoryNoteDto[] = [];
      if (standing && standing.content_md.trim() !== '') {
        notes.push(toNote(standing, 'personal_memory'));
      }
      let hasMore = false;
      let found = 0;
      if (query !== null) {
        const room = request.limit - notes.length;
        const matches = await this.findMatches(
          manager,
          actor,
          query,
          request.includeShared,
          room + 1,
        );
        found = matches.length;
        hasMore = matches.length > room;
        notes.push(...matches.slice(0, room).map((row) => toNote(row, 'search')));
      }
      return {
        query,
        include_shared: request.includeShared,
        notes,
        has_more: hasMore,
        guidance: memoryGuidance({
          standing: notes[0]?.retrieval === 'personal_memory' ? 'present' : 'empty_or_missing',
          queried: query !== null,
          includeShared: request.includeShared,
          hasMore,
          found,
        }),
      };
    });
  }

  /** Rules 2–5 (docs/wiki-search.md), with the prefix expansion read in the same snapshot. */
  private async findMatches(
    manager: EntityManager,
    actor: Actor,
    text: string,
    includeShared: boolean,
    fetch: number,
  ): Promise<MemoryNoteRecord[]> {
    const parsed = parseSearchText(text);
    const expansion = parsed.prefix
      ? await this.terms.expandPrefix(manager, actor.companyId, parsed.prefix.word)
      : null;
    return this.pages.findMemoryMatches(manager, actor, parsed, expansion, includeShared, fetch);
  }
}

function toNote(row: MemoryNoteRecord, retrieval: MemoryNoteDto['retrieval']): MemoryNoteDto {
  return {
    page_id: row.public_id,
    version: row.current_version,
    title: row.title,
    content: row.content_md,
    format: 'markdown',
    lane: row.lane,
    retrieval,
    url: pageUrl(row.public_id),
    provenance:
      row.author_id === null || row.saved_at === null
        ? null
        : {
            author: row.author_id,
            saved_at: row.saved_at.toISOString(),
            message: row.message,
            source_kind: row.source_kind,
            source_provider: row.source_provider,
            source_label: row.source_label,
          },
  };
}
