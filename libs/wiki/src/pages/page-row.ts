import type { Actor } from '@cw/domain';
import { AppError, ErrorCode } from '@cw/platform';
import { type LaneKind, canWriteLane } from '../lanes/lane-path';

/** A page as the queries of this lib select it (`PAGE_COLUMNS`). */
export interface PageRow {
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
  /** False for a restricted page the actor is not listed on: metadata only. */
  can_read: boolean;
}

export const PAGE_COLUMNS = `p.id, p.public_id, p.company_id, p.lane, p.lane_owner_id, p.folder_id, p.folder_path,
  p.title, p.content_md, p.current_version, p.last_version, p.restricted, p.is_folder_index, p.inbox_key,
  p.created_by, p.created_at, p.updated_at`;

export type PageRef = { kind: 'legacy'; id: string } | { kind: 'public'; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LEGACY_ID = /^[1-9][0-9]{0,17}$/;

/** REST page routes accept the public UUID or the legacy numeric id. */
export function parsePageRef(value: string): PageRef {
  if (LEGACY_ID.test(value)) return { kind: 'legacy', id: value };
  if (UUID.test(value)) return { kind: 'public', id: value.toLowerCase() };
  throw new AppError(
    ErrorCode.ValidationError,
    'page_id is a page UUID or a positive integer id.',
    {
      status: 400,
      details: {
        field: 'page_id',
        validation_errors: [
          { field: 'page_id', message: 'page_id must be a UUID or an integer >= 1' },
        ],
      },
    },
  );
}

export function pathOf(page: Pick<PageRow, 'folder_path' | 'title'>): string {
  return `${page.folder_path}/${page.title}`;
}

export function canEdit(actor: Actor, page: PageRow): boolean {
  return page.can_read && canWriteLane(actor, { lane: page.lane, ownerId: page.lane_owner_id });
}

/** A write needs readable content and lane write access; a page the actor cannot see is 404. */
export function assertEditable(actor: Actor, page: PageRow): void {
  if (!canEdit(actor, page)) {
    throw AppError.accessDenied('You can see this page but not change it.', {
      error: 'page_not_editable',
    });
  }
}
