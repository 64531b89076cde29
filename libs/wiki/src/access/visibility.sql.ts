import type { Actor } from '@cw/domain';
import { type RawBuilder, sql } from 'kysely';

/** What visibility depends on: who the actor is, in which company and teams. */
export type Reader = Pick<Actor, 'companyId' | 'personId' | 'teamIds'>;

/**
 * The one definition of "which pages can this actor see", over `wiki.pages` aliased `alias` (or
 * a row of the same columns). Private pages are their owner's alone (admins included), team
 * pages their team's, company pages every member's; nothing crosses companies; trashed pages
 * are out.
 */
export function visiblePages(alias: string, actor: Reader): RawBuilder<boolean> {
  const a = sql.raw(alias);
  return sql<boolean>`(${a}.company_id = ${actor.companyId} AND ${a}.deleted_at IS NULL AND (
      ${a}.lane = 'company'
      OR (${a}.lane = 'private' AND ${a}.lane_owner_id = ${actor.personId})
      OR (${a}.lane = 'team' AND ${a}.lane_owner_id = ANY(${actor.teamIds}::uuid[]))))`;
}

/**
 * Whether `personId` may read the content of page `alias`: a restricted page only for the people
 * on its access list.
 */
export function contentReadable(alias: string, personId: string): RawBuilder<boolean> {
  const a = sql.raw(alias);
  return sql<boolean>`(NOT ${a}.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = ${a}.id AND pa.person_id = ${personId}))`;
}

/** Of the visible pages, those whose content the actor may read. */
export function readablePages(alias: string, actor: Reader): RawBuilder<boolean> {
  return sql<boolean>`(${visiblePages(alias, actor)} AND ${contentReadable(alias, actor.personId)})`;
}
