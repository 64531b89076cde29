import type { LaneKind } from '../lanes/lane-path';
import type { PageRecord } from '../pages/page-record';
import { pageSummary, type PageSummaryView } from '../pages/page-view';
import type { FolderRecord } from './folder.repository';

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

export function folderView(row: FolderRecord): FolderView {
  return {
    type: 'folder',
    id: row.id,
    name: row.name,
    path: row.path,
    lane: row.lane,
    lane_root: false,
    created_at: row.createdAt.toISOString(),
  };
}

export function laneRootView(lane: LaneKind, name: string, path: string): FolderView {
  return { type: 'folder', id: null, name, path, lane, lane_root: true, created_at: null };
}

export function folderPageView(row: PageRecord): FolderPageView {
  return { type: 'page', ...pageSummary(row), restricted: row.restricted, can_read: row.can_read };
}
