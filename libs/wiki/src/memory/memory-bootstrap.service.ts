import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { readablePagesSql } from '../access/visibility';
import { rankSql } from '../search/fts-query';
import { searchQuerySql } from '../search/prefix-expansion';
import { pageUrl } from '../search/page-url';
import type {
  MemoryBootstrapResponseDto,
  MemoryNoteDto,
} from './dtos/memory-bootstrap-response.dto';
import { memoryGuidance, standingMemorySql, workflowMemorySql } from './memory-rules';

export interface MemoryBootstrapRequest {
  /** Trimmed keywords; absent or empty: only the standing page. */
  query?: string;
  includeShared: boolean;
  /** Most notes, the standing page included. */
  limit: number;
}

interface NoteRow {
  id: string;
  public_id: string;
  lane: string;
  title: string;
  content_md: string;
  current_version: number;
  /** Null when the head version row (the provenance) is missing. */
  author_id: string | null;
  saved_at: Date | null;
  message: string | null;
  source_kind: string | null;
  source_provider: string | null;
  source_label: string | null;
}

const PROVENANCE_COLUMNS = `v.author_id, v.saved_at, v.message, v.source_kind, v.source_provider, v.source_label`;

/** Provenance is that of the head version: the body returned is the page's current body. */
const HEAD_VERSION = (alias: string) =>
  `LEFT JOIN wiki.page_versions v ON v.page_id = ${alias}.id AND v.version = ${alias}.current_version`;

/**
 * What an agent loads at the start of a session: the caller's standing memory page, then
 * keyword matches among their Private notes (and, when asked, team and company pages they can
 * read). Read only: it creates nothing. The rules are listed in docs/wiki-search.md.
 */
@Injectable()
export class MemoryBootstrapService {
  constructor(private readonly dataSource: DataSource) {}

  async bootstrap(
    actor: Actor,
    request: MemoryBootstrapRequest,
  ): Promise<MemoryBootstrapResponseDto> {
    const query = request.query ? request.query : null;
    // One snapshot for both reads, so the standing page and the matches agree.
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const standing = await this.findStanding(manager, actor);
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

  /** Rule 1: `/Private/My assistant memory` of the caller (never anyone else's). */
  private async findStanding(manager: EntityManager, actor: Actor): Promise<NoteRow | null> {
    const params: unknown[] = [];
    const readable = readablePagesSql('p', actor, params);
    const [row]: NoteRow[] = await manager.query(
      `SELECT p.id, p.public_id, p.lane, p.title, p.content_md, p.current_version, ${PROVENANCE_COLUMNS}
         FROM wiki.pages p ${HEAD_VERSION('p')}
        WHERE p.deleted_at IS NULL AND ${readable} AND ${standingMemorySql('p')}
        LIMIT 1`,
      params,
    );
    return row ?? null;
  }

  /**
   * Rules 2–5: keyword matches among the caller's Private pages, and with `includeShared` the
   * team and company pages they can read (the visibility of wiki search), leaving out folder
   * indexes, workflow memory and the standing page. Private matches come first, each group
   * best match first.
   */
  private async findMatches(
    manager: EntityManager,
    actor: Actor,
    text: string,
    includeShared: boolean,
    fetch: number,
  ): Promise<NoteRow[]> {
    const params: unknown[] = [];
    const query = await searchQuerySql(manager, actor.companyId, text, params);
    const readable = readablePagesSql('p', actor, params);
    params.push(fetch);
    return manager.query(
      `SELECT hit.id, hit.public_id, hit.lane, hit.title, hit.content_md, hit.current_version,
              ${PROVENANCE_COLUMNS}
         FROM (SELECT p.id, p.public_id, p.lane, p.title, p.content_md, p.current_version,
                      ${rankSql('p', 'q.query')} AS rank
                 FROM wiki.pages p, (SELECT ${query} AS query) q
                WHERE p.deleted_at IS NULL
                  AND p.search_vector @@ q.query
                  AND ${readable}
                  ${includeShared ? '' : `AND p.lane = 'private'`}
                  AND NOT p.is_folder_index
                  AND NOT ${workflowMemorySql('p')}
                  AND NOT ${standingMemorySql('p')}
                ORDER BY (p.lane = 'private') DESC, rank DESC, p.id ASC
                LIMIT $${params.length}) hit
        ${HEAD_VERSION('hit')}
        ORDER BY (hit.lane = 'private') DESC, hit.rank DESC, hit.id ASC`,
      params,
    );
  }
}

function toNote(row: NoteRow, retrieval: MemoryNoteDto['retrieval']): MemoryNoteDto {
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
