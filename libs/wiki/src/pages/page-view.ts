import type { LaneKind } from '../lanes/lane-path';
import type { PageRecord } from './page-record';

export interface PageSummaryView {
  id: number;
  public_id: string;
  current_version: number;
  title: string;
  path: string;
  lane: LaneKind;
  created_at: string;
  updated_at: string;
}

export interface PageView extends PageSummaryView {
  content_md?: string;
}

export interface PageAccessView {
  can_edit: boolean;
  can_comment: boolean;
  can_delete: boolean;
  restricted: boolean;
}

export interface PageResponse {
  page: PageView;
  title: string;
  access: PageAccessView | null;
}

/** A page's path: its folder path and its title. */
export function pathOf(page: Pick<PageRecord, 'folder_path' | 'title'>): string {
  return `${page.folder_path}/${page.title}`;
}

export function pageSummary(row: PageRecord): PageSummaryView {
  return {
    id: Number(row.id),
    public_id: row.public_id,
    current_version: row.current_version,
    title: row.title,
    path: pathOf(row),
    lane: row.lane,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * `access: null` and no `content_md` for a restricted page the actor is not listed on;
 * `editable` is PageReader.canEdit of the actor.
 */
export function pageResponse(row: PageRecord, editable: boolean): PageResponse {
  if (!row.can_read) return { page: pageSummary(row), title: row.title, access: null };
  return {
    page: { ...pageSummary(row), content_md: row.content_md },
    title: row.title,
    access: {
      can_edit: editable,
      can_comment: true,
      can_delete: editable,
      restricted: row.restricted,
    },
  };
}
