import type { LaneKind } from '../lanes/lane-path';
import type { PageRow } from '../pages/page-row';
import { pageSummary, type PageSummaryView } from '../pages/page-view';

/** A folder as the queries of this module select it. */
export interface FolderRow {
  id: string;
  lane: LaneKind;
  lane_owner_id: string | null;
  parent_id: string | null;
  name: string;
  path: string;
  created_at: Date;
}

export const FOLDER_COLUMNS = `f.id, f.lane, f.lane_owner_id, f.parent_id, f.name, f.path, f.created_at`;

export interface FolderView {
  type: 'folder';
  /** Null for a lane root (`/Private`, `/Teams/<team>`, `/Company`), which is not a stored row. */
  id: string | null;
  name: string;
  path: string;
  lane: LaneKind;
  lane_root: boolean;
  created_at: string | null;
}

export interface FolderPageView extends PageSummaryView {
  type: 'page';
  restricted: boolean;
  /** False for a restricted page you are not listed on: its content is not yours to read. */
  can_read: boolean;
}

export type FolderEntryView = FolderView | FolderPageView;

export function folderView(row: FolderRow): FolderView {
  return {
    type: 'folder',
    id: row.id,
    name: row.name,
    path: row.path,
    lane: row.lane,
    lane_root: false,
    created_at: row.created_at.toISOString(),
  };
}

export function laneRootView(lane: LaneKind, name: string, path: string): FolderView {
  return { type: 'folder', id: null, name, path, lane, lane_root: true, created_at: null };
}

export function folderPageView(row: PageRow): FolderPageView {
  return { type: 'page', ...pageSummary(row), restricted: row.restricted, can_read: row.can_read };
}
