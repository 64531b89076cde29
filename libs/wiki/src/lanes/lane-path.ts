import type { Actor } from '@cw/domain';
import { AppError } from '@cw/platform';

export type LaneKind = 'private' | 'team' | 'company';

export interface LaneRef {
  lane: LaneKind;
  /** The person (private) or team (team); null for the company lane. */
  ownerId: string | null;
}

export interface ParsedFolderPath {
  /** `/Private`, `/Teams/<team>` or `/Company`. */
  root: string;
  lane: LaneKind;
  /** Only for team lanes: the team name as written in the path. */
  teamName?: string;
  /** Folder names below the lane root. */
  segments: string[];
}

const MAX_DEPTH = 20;

function invalid(path: string, why: string): AppError {
  return AppError.badRequest(`Invalid wiki path "${path}": ${why}.`, { field: 'path' });
}

/** Parses `/Private/...`, `/Teams/<team>/...` or `/Company/...` (no trailing slash needed). */
export function parseFolderPath(path: string): ParsedFolderPath {
  if (!path.startsWith('/'))
    throw invalid(path, 'it starts with /Private, /Teams/<team> or /Company');
  const parts = path.split('/').slice(1);
  if (parts.at(-1) === '') parts.pop();
  if (parts.some((part) => part.trim() === '' || part !== part.trim())) {
    throw invalid(path, 'folder names are not empty and do not start or end with spaces');
  }
  const [first, ...rest] = parts;
  let parsed: ParsedFolderPath;
  if (first === 'Private') parsed = { root: '/Private', lane: 'private', segments: rest };
  else if (first === 'Company') parsed = { root: '/Company', lane: 'company', segments: rest };
  else if (first === 'Teams' && rest.length > 0) {
    const [teamName, ...segments] = rest;
    parsed = { root: `/Teams/${teamName}`, lane: 'team', teamName, segments };
  } else throw invalid(path, 'it starts with /Private, /Teams/<team> or /Company');
  if (parsed.segments.length > MAX_DEPTH)
    throw invalid(path, `folders nest at most ${MAX_DEPTH} deep`);
  if (parsed.segments.some((segment) => segment.length > 200))
    throw invalid(path, 'a folder name has at most 200 characters');
  return parsed;
}

export function joinPath(root: string, segments: readonly string[]): string {
  return [root, ...segments].join('/');
}

/** Writing into a lane: the owner (private), a member (team) or any member (company). */
export function canWriteLane(actor: Actor, lane: LaneRef): boolean {
  if (lane.lane === 'private') return lane.ownerId === actor.personId;
  if (lane.lane === 'team') return lane.ownerId !== null && actor.teamIds.includes(lane.ownerId);
  return true;
}

export function sameLane(a: LaneRef, b: LaneRef): boolean {
  return a.lane === b.lane && (a.ownerId ?? null) === (b.ownerId ?? null);
}
