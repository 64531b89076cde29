import type { LaneKind, LaneRef } from '../lanes/lane-path';
import type { Page } from './entities/page.entity';

/** A page as the page repositories read it, with what the reader may do with it. */
export interface PageRecord {
  id: string;
  public_id: string;
  company_id: string;
  lane: LaneKind;
  lane_owner_id: string | null;
  folder_id: string | null;
  folder_path: string;
  title: string;
  content_md: string;
  current_version: number;
  last_version: number;
  restricted: boolean;
  is_folder_index: boolean;
  inbox_key: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  /** False for a restricted page the reader is not listed on: metadata only. */
  can_read: boolean;
}

export interface TrashedPageRecord extends PageRecord {
  deleted_at: Date;
}

/** Where a page lives: its lane and folder. */
export interface PagePlacement extends LaneRef {
  folderId: string | null;
  folderPath: string;
}

/** The columns of a new page that its writer chooses; the rest take their defaults. */
export type NewPageRow = Pick<
  Page,
  | 'companyId'
  | 'lane'
  | 'laneOwnerId'
  | 'folderId'
  | 'folderPath'
  | 'title'
  | 'contentMd'
  | 'createdBy'
  | 'inboxKey'
>;

/** The columns of a `PageRecord` but `can_read`, of `wiki.pages` aliased `p`. */
export const PAGE_COLUMNS = `p.id, p.public_id, p.company_id, p.lane, p.lane_owner_id, p.folder_id, p.folder_path,
  p.title, p.content_md, p.current_version, p.last_version, p.restricted, p.is_folder_index, p.inbox_key,
  p.created_by, p.created_at, p.updated_at`;
