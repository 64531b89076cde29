import { type RawBuilder, sql } from 'kysely';
import { type Reader, readablePages } from '../access/visibility.sql';
import { STANDING_MEMORY_FOLDER, STANDING_MEMORY_TITLE } from '../memory/memory-rules';
import { rank, tsQuery } from '../search/fts-query.sql';
import type { PrefixExpansion } from '../search/prefix-expansion';
import type { ParsedSearchText } from '../search/search-text';
import type { WikiPages, WikiPageVersions, WikiRow } from '../wiki-schema';

type ProvenanceColumn =
  'author_id' | 'saved_at' | 'message' | 'source_kind' | 'source_provider' | 'source_label';

/** A page as the memory bootstrap returns it, with the provenance of its head version. */
export type MemoryNoteRecord = WikiRow<
  WikiPages,
  'id' | 'public_id' | 'lane' | 'title' | 'content_md' | 'current_version'
> & {
  /** Null when the head version row (the provenance) is missing. */
  [Column in ProvenanceColumn]: WikiRow<WikiPageVersions, Column>[Column] | null;
};

const PROVENANCE_COLUMNS = sql.raw(
  `v.author_id, v.saved_at, v.message, v.source_kind, v.source_provider, v.source_label`,
);

/** Provenance is that of the head version: the body returned is the page's current body. */
const headVersion = (alias: string) =>
  sql.raw(
    `LEFT JOIN wiki.page_versions v ON v.page_id = ${alias}.id AND v.version = ${alias}.current_version`,
  );

/** The standing memory page of the caller's Private lane, matched case-insensitively. */
export function standingMemory(alias: string): RawBuilder<boolean> {
  const a = sql.raw(alias);
  return sql<boolean>`(${a}.lane = 'private' AND NOT ${a}.is_folder_index
      AND lower(${a}.folder_path) = ${sql.lit(STANDING_MEMORY_FOLDER.toLowerCase())}
      AND lower(${a}.title) = ${sql.lit(STANDING_MEMORY_TITLE.toLowerCase())})`;
}

/**
 * Workflow memory, which the bootstrap leaves out: a page whose folder is `/Private/Workflows`
 * or below it, or that has a folder named `Workflow memory` anywhere on its folder path below the
 * lane root (any lane). Names compare case-insensitively.
 */
export function workflowMemory(alias: string): RawBuilder<boolean> {
  const folder = sql.raw(`lower(${alias}.folder_path)`);
  return sql<boolean>`(${folder} ~ '^/private/workflows(/|$)'
      OR (regexp_replace(${folder}, '^/(private|company|teams/[^/]*)', '') || '/') LIKE '%/workflow memory/%')`;
}

/**
 * The memory bootstrap's statements, hand-written beside the search statement whose ranking and
 * visibility they share (page-search.sql.ts).
 */
export const pageMemoryStatements = {
  /** Rule 1 of docs/wiki-search.md: `/Private/My assistant memory` of the reader. */
  standingMemory: (reader: Reader) =>
    sql<MemoryNoteRecord>`SELECT p.id, p.public_id, p.lane, p.title, p.content_md, p.current_version, ${PROVENANCE_COLUMNS}
         FROM wiki.pages p ${headVersion('p')}
        WHERE p.deleted_at IS NULL AND ${readablePages('p', reader)} AND ${standingMemory('p')}
        LIMIT 1`,

  /**
   * Rules 2–5: keyword matches among the reader's Private pages, and with `includeShared` the
   * team and company pages they can read (the visibility of wiki search), leaving out folder
   * indexes, workflow memory and the standing page. Private matches come first, each group best
   * match first; at most `fetch` rows.
   */
  memoryMatches: (
    reader: Reader,
    parsed: ParsedSearchText,
    expansion: PrefixExpansion | null,
    includeShared: boolean,
    fetch: number,
  ) =>
    sql<MemoryNoteRecord>`SELECT hit.id, hit.public_id, hit.lane, hit.title, hit.content_md, hit.current_version,
              ${PROVENANCE_COLUMNS}
         FROM (SELECT p.id, p.public_id, p.lane, p.title, p.content_md, p.current_version,
                      ${rank('p', 'q.query')} AS rank
                 FROM wiki.pages p, (SELECT ${tsQuery(parsed, expansion?.match ?? { kind: 'partial' })} AS query) q
                WHERE p.deleted_at IS NULL
                  AND p.search_vector @@ q.query
                  AND ${readablePages('p', reader)}
                  ${sql.raw(includeShared ? '' : `AND p.lane = 'private'`)}
                  AND NOT p.is_folder_index
                  AND NOT ${workflowMemory('p')}
                  AND NOT ${standingMemory('p')}
                ORDER BY (p.lane = 'private') DESC, rank DESC, p.id ASC
                LIMIT ${fetch}) hit
        ${headVersion('hit')}
        ORDER BY (hit.lane = 'private') DESC, hit.rank DESC, hit.id ASC`,
};
