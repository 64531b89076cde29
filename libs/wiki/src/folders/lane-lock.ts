import type { Actor } from '@cw/domain';
import type { EntityManager } from 'typeorm';
import type { LaneRef } from '../lanes/lane-path';

function laneKey(companyId: string, lane: LaneRef): string {
  return `wiki-lane:${companyId}:${lane.lane}:${lane.ownerId ?? ''}`;
}

/**
 * Serialises structural changes (folder moves and deletes, page moves) per lane for the rest of
 * the caller's transaction. Several lanes are locked in one fixed order, so two movers never
 * wait on each other crosswise. Taken before any row lock.
 */
export async function lockLanes(
  manager: EntityManager,
  actor: Actor,
  lanes: readonly LaneRef[],
): Promise<void> {
  const keys = [...new Set(lanes.map((lane) => laneKey(actor.companyId, lane)))].sort();
  for (const key of keys) {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [key]);
  }
}

export function sameLane(a: LaneRef, b: LaneRef): boolean {
  return a.lane === b.lane && (a.ownerId ?? null) === (b.ownerId ?? null);
}
