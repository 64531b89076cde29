import { type Reader, readablePagesSql } from '../access/visibility.sql';
import type { LaneKind } from '../lanes/lane-path';
import { STANDING_MEMORY_FOLDER, STANDING_MEMORY_TITLE } from '../memory/memory-rules';
import { rankSql, tsQuerySql } from '../search/fts-query.sql';
import type { PrefixExpansion } from '../search/prefix-expansion';
import type { ParsedSearchText } from '../search/search-text';

/** A page as the memory bootstrap returns it, with the provenance of its head version. */
export interface MemoryNoteRecord {
  id: string;
  public_id: string;
  lane: LaneKind;
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

type Statement = { sql: string; params: unknown[] };

const PROVENANCE_COLUMNS = `v.author_id, v.saved_at, v.message, v.source_kind, v.source_provider, v.source_label`;

/** Provenance is that of the head version: the body returned is the page's current body. */
const HEAD_VERSION = (alias: string) =>
  `LEFT JOIN wiki.page_versions v ON v.page_id = ${alias}.id AND v.version = ${alias}.current_version`;

/** The standing memory page of the caller's Private lane, matched case-insensitively. */
export function standingMemorySql(alias: string): string {
  return `(${alias}.lane = 'private' AND NOT ${alias}.is_folder_index
      AND lower(${alias}.folder_path) = '${STANDING_MEMORY_FOLDER.toLowerCase()}'
      AND lower(${alias}.title) = '${STANDING_MEMORY_TITLE.toLowerCase()}')`;
}

/**
 * Workflow memory, which the bootstrap leaves out: a page whose folder is `/Private/Workflows`
 * or below it, or that has a folder named `Workflow memory` anywhere on its folder path below the
 * lane root (any lane). Names compare case-insensitively.
 */
export function workflowMemorySql(alias: string): string {
  const folder = `lower(${alias}.folder_path)`;
  return `(${folder} ~ '^/private/workflows(/|$)'
      OR (regexp_replace(${folder}, '^/(private|company|teams/[^/]*)', '') || '/') LIKE '%/workflow memory/%')`;
}

/** Rule 1 of docs/wiki-search.md: `/Private/My assistant memory` of the reader. */
export function standingMemoryStatement(reader: Reader): Statement {
  const params: unknown[] = [];
  const readable = readablePagesSql('p', reader, params);
  return {
    sql: `SELECT p.id, p.public_id, p.lane, p.title, p.content_md, p.current_version, ${PROVENANCE_COLUMNS}
         FROM wiki.pages p ${HEAD_VERSION('p')}
        WHERE p.deleted_at IS NULL AND ${readable} AND ${standingMemorySql('p')}
        LIMIT 1`,
    params,
  };
}

/**
 * Rules 2–5: keyword matches among the reader's Private pages, and with `includeShared` the team
 * and company pages they can read (the visibility of wiki search), leaving out folder indexes,
 * workflow memory and the standing page. Private matches come first, each group best match
 * first; at most `fetch` rows.
 */
export function memoryMatchesStatement(
  reader: Reader,
  parsed: ParsedSearchText,
  expansion: PrefixExpansion | null,
  includeShared: boolean,
  fetch: number,
): Statement {
  const params: unknown[] = [];
  const query = tsQuerySql(parsed, params, expansion?.match ?? { kind: 'partial' });
  const readable = readablePagesSql('p', reader, params);
  params.push(fetch);
  return {
    sql: `SELECT hit.id, hit.public_id, hit.lane, hit.title, hit.content_md, hit.current_version,
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
  };
}
