import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { PageReadRepository } from '../pages/page-read.repository';
import type { PageRecord } from '../pages/page-record';
import { PageReader } from '../pages/page-reader';
import { type PageRef, parsePageRef } from '../pages/page-ref';
import { type PageAccessView, pageResponse, pathOf } from '../pages/page-view';

export type GivenPageId = string | number;

export interface SyncBatchPage {
  page_id: number;
  page_public_id: string;
  version: number;
  title: string;
  path: string;
  updated_at: string;
  /** Absent when the page is restricted and the caller is not on its list (`access: null`). */
  content_md?: string;
  access: PageAccessView | null;
}

export interface SyncBatchResponse {
  pages: SyncBatchPage[];
  /** The requested ids, as sent, that name no page visible to the caller (or a trashed one). */
  missing: GivenPageId[];
}

/** Reads many pages at once for a sync client, under the same rules as reading one page. */
@Injectable()
export class SyncBatchService {
  constructor(
    private readonly reader: PageReader,
    private readonly pages: PageReadRepository,
  ) {}

  async read(actor: Actor, given: GivenPageId[]): Promise<SyncBatchResponse> {
    const requested = given.map((id) => ({ id, ref: parsePageRef(String(id)) }));
    const idsOf = (kind: PageRef['kind']): string[] =>
      requested.filter(({ ref }) => ref.kind === kind).map(({ ref }) => ref.id);
    const rows = await this.pages.findVisibleBatch(actor, idsOf('legacy'), idsOf('public'));
    const byKey = new Map<string, PageRecord>();
    for (const row of rows) {
      byKey.set(`legacy:${row.id}`, row);
      byKey.set(`public:${row.public_id}`, row);
    }
    const pages: SyncBatchPage[] = [];
    const missing: GivenPageId[] = [];
    const answered = new Set<string>();
    for (const { id, ref } of requested) {
      const row = byKey.get(`${ref.kind}:${ref.id}`);
      if (!row) {
        if (!missing.includes(id)) missing.push(id);
        continue;
      }
      if (answered.has(row.id)) continue;
      answered.add(row.id);
      const view = pageResponse(row, this.reader.canEdit(actor, row));
      pages.push({
        page_id: view.page.id,
        page_public_id: row.public_id,
        version: row.current_version,
        title: row.title,
        path: pathOf(row),
        updated_at: view.page.updated_at,
        ...(view.page.content_md === undefined ? {} : { content_md: view.page.content_md }),
        access: view.access,
      });
    }
    return { pages, missing };
  }
}
