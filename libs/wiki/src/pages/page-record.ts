import type { CamelRow } from '@cw/db';
import type { LaneRef } from '../lanes/lane-path';
import type { WikiPages, WikiRow } from '../wiki-schema';

/** The columns of a `PageRecord` but `can_read`, as the migration names them. */
export const PAGE_COLUMN_NAMES = [
  'id',
  'public_id',
  'company_id',
  'lane',
  'lane_owner_id',
  'folder_id',
  'folder_path',
  'title',
  'content_md',
  'current_version',
  'last_version',
  'restricted',
  'is_folder_index',
  'inbox_key',
  'created_by',
  'created_at',
  'updated_at',
] as const;

/**
 * A page as the page repositories read it, with what the reader may do with it. Its columns keep
 * the migration's names: the hand-tuned read and write statements select them unaliased.
 */
export type PageRecord = WikiRow<WikiPages, (typeof PAGE_COLUMN_NAMES)[number]> & {
  /** False for a restricted page the reader is not listed on: metadata only. */
  can_read: boolean;
};

export type TrashedPageRecord = PageRecord & { deleted_at: Date };

/** Where a page lives: its lane and folder. */
export interface PagePlacement extends LaneRef {
  folderId: string | null;
  folderPath: string;
}

/** The columns of a new page that its writer chooses; the rest take their defaults. */
export type NewPageRow = CamelRow<
  WikiPages,
  | 'company_id'
  | 'lane'
  | 'lane_owner_id'
  | 'folder_id'
  | 'folder_path'
  | 'title'
  | 'content_md'
  | 'created_by'
  | 'inbox_key'
>;

/** The columns of a `PageRecord` but `can_read`, of `wiki.pages` aliased `p`, as SQL text. */
export const PAGE_COLUMNS = `p.id, p.public_id, p.company_id, p.lane, p.lane_owner_id, p.folder_id, p.folder_path,
  p.title, p.content_md, p.current_version, p.last_version, p.restricted, p.is_folder_index, p.inbox_key,
  p.created_by, p.created_at, p.updated_at`;
