import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DirectoryService } from '@cw/identity/credentials';
import { AppError } from '@cw/platform';
import { type LaneRef, type ParsedFolderPath, parseFolderPath } from './lane-path';

export interface ResolvedFolderPath extends ParsedFolderPath, LaneRef {}

@Injectable()
export class LaneResolverService {
  constructor(private readonly directory: DirectoryService) {}

  /**
   * Resolves a folder path to its lane for this actor. `/Private` is always the caller's own
   * lane; a team lane needs membership (otherwise 404: the caller may not know it exists).
   */
  async resolve(actor: Actor, path: string): Promise<ResolvedFolderPath> {
    const parsed = parseFolderPath(path);
    if (parsed.lane === 'private') return { ...parsed, ownerId: actor.personId };
    if (parsed.lane === 'company') return { ...parsed, ownerId: null };
    const team = await this.directory.findTeamByName(actor.companyId, parsed.teamName!);
    if (!team || !actor.teamIds.includes(team.id)) throw AppError.notFound(`No folder at ${path}.`);
    return { ...parsed, root: `/Teams/${team.name}`, ownerId: team.id };
  }
}
