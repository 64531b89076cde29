import type { Actor } from '@cw/domain';
import { type RawBuilder, sql } from 'kysely';

/** What visibility depends on: who the actor is, in which company and teams. */
export type Reader = Pick<Actor, 'companyId' | 'personId' | 'teamIds'>;

/**
 * The one definition of "which pages can this actor see", as SQL over `wiki.pages` aliased
 * `alias`. Parameters are appended to `params`; the fragment refers to them by position.
 * Private pages are their owner's alone (admins included), team pages their team's, company
 * pages every member's; nothing crosses companies; trashed pages are out.
 */
export function visiblePagesSql(alias: string, actor: Reader, params: unknown[]): string {
  params.push(actor.companyId, actor.personId, actor.teamIds);
  const company = `$${params.length - 2}`;
  const person = `$${params.length - 1}`;
  const teams = `$${params.length}`;
  return `(${alias}.company_id = ${company} AND ${alias}.deleted_at IS NULL AND (
      ${alias}.lane = 'company'
      OR (${alias}.lane = 'private' AND ${alias}.lane_owner_id = ${person})
      OR (${alias}.lane = 'team' AND ${alias}.lane_owner_id = ANY(${teams}::uuid[]))))`;
}

/**
 * Whether the actor may read the content of page `alias`: a restricted page only for the people
 * on its access list. `person` is the placeholder holding the actor's person id.
 */
export function contentReadableSql(alias: string, person: string): string {
  return `(NOT ${alias}.restricted OR EXISTS (
      SELECT 1 FROM wiki.page_access pa WHERE pa.page_id = ${alias}.id AND pa.person_id = ${person}))`;
}

/** Of the visible pages, those whose content the actor may read. */
export function readablePagesSql(alias: string, actor: Reader, params: unknown[]): string {
  const visible = visiblePagesSql(alias, actor, params);
  return `(${visible} AND ${contentReadableSql(alias, `$${params.length - 1}`)})`;
}

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
