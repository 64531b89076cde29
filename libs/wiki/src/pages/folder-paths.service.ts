import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError, ErrorCode } from '@cw/platform';
import type { EntityManager } from 'typeorm';
import { canWriteLane, joinPath } from '../lanes/lane-path';
import { LaneResolver, type ResolvedFolderPath } from '../lanes/lane-resolver.service';

export interface FolderPlacement extends ResolvedFolderPath {
  /** Null at the lane root. */
  folderId: string | null;
  folderPath: string;
}

/** Finds or creates (like `mkdir -p`) the folders of a path; concurrent callers converge. */
@Injectable()
export class FolderPaths {
  constructor(private readonly lanes: LaneResolver) {}

  async ensure(manager: EntityManager, actor: Actor, path: string): Promise<FolderPlacement> {
    const resolved = await this.lanes.resolve(actor, path);
    if (!canWriteLane(actor, resolved))
      throw AppError.accessDenied(`You cannot write in ${resolved.root}.`);
    let parentId: string | null = null;
    for (let depth = 1; depth <= resolved.segments.length; depth += 1) {
      const folderPath = joinPath(resolved.root, resolved.segments.slice(0, depth));
      const name = resolved.segments[depth - 1];
      await manager.query(
        `INSERT INTO wiki.folders (company_id, lane, lane_owner_id, parent_id, name, path, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [
          actor.companyId,
          resolved.lane,
          resolved.ownerId,
          parentId,
          name,
          folderPath,
          actor.personId,
        ],
      );
      // By parent and name, not by path: a concurrent folder move may have re-pathed the row
      // this insert created (the path trigger files it under the parent's current path).
      const [folder]: { id: string }[] = await manager.query(
        `SELECT id FROM wiki.folders
          WHERE company_id = $1 AND lane = $2 AND lane_owner_id IS NOT DISTINCT FROM $3
            AND parent_id IS NOT DISTINCT FROM $4 AND lower(name) = lower($5) AND deleted_at IS NULL`,
        [actor.companyId, resolved.lane, resolved.ownerId, parentId, name],
      );
      if (!folder) {
        throw AppError.conflict(
          ErrorCode.ConcurrentChange,
          `The folders of ${path} changed while this request ran; retry it.`,
        );
      }
      parentId = folder.id;
    }
    return {
      ...resolved,
      folderId: parentId,
      folderPath: joinPath(resolved.root, resolved.segments),
    };
  }
}
