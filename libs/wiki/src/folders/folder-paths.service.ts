import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError, ErrorCode } from '@cw/platform';
import type { EntityManager } from 'typeorm';
import { canWriteLane, joinPath } from '../lanes/lane-path';
import { LaneResolverService, type ResolvedFolderPath } from '../lanes/lane-resolver.service';
import { FolderRepository } from './folder.repository';

export interface FolderPlacement extends ResolvedFolderPath {
  /** Null at the lane root. */
  folderId: string | null;
  folderPath: string;
}

/** Finds or creates (like `mkdir -p`) the folders of a path; concurrent callers converge. */
@Injectable()
export class FolderPathsService {
  constructor(
    private readonly lanes: LaneResolverService,
    private readonly folders: FolderRepository,
  ) {}

  async ensure(manager: EntityManager, actor: Actor, path: string): Promise<FolderPlacement> {
    const resolved = await this.lanes.resolve(actor, path);
    if (!canWriteLane(actor, resolved))
      throw AppError.accessDenied(`You cannot write in ${resolved.root}.`);
    let parentId: string | null = null;
    for (let depth = 1; depth <= resolved.segments.length; depth += 1) {
      const name = resolved.segments[depth - 1];
      // By parent and name, not by path: a concurrent folder move may have re-pathed the row
      // (the path trigger files it under the parent's current path). Most folders exist: one
      // read finds them; a missing one is inserted (unless a concurrent request just did) and
      // read again.
      const childId = () =>
        this.folders.findChildId(manager, actor.companyId, resolved, parentId, name);
      let folderId = await childId();
      if (!folderId) {
        await this.folders.insertUnlessTaken(manager, {
          companyId: actor.companyId,
          lane: resolved.lane,
          laneOwnerId: resolved.ownerId,
          parentId,
          name,
          path: joinPath(resolved.root, resolved.segments.slice(0, depth)),
          createdBy: actor.personId,
        });
        folderId = await childId();
      }
      if (!folderId) {
        throw AppError.conflict(
          ErrorCode.ConcurrentChange,
          `The folders of ${path} changed while this request ran; retry it.`,
        );
      }
      parentId = folderId;
    }
    return {
      ...resolved,
      folderId: parentId,
      folderPath: joinPath(resolved.root, resolved.segments),
    };
  }
}
