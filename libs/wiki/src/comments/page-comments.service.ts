import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { DataSource } from 'typeorm';
import { PageReader } from '../pages/page-reader.service';
import type { PageRef, PageRow } from '../pages/page-row';
import { assertContentReadable } from '../versions/readable-page';
import { offsetWindow } from '@cw/platform';

interface CommentRow {
  id: string;
  author_id: string;
  body_md: string;
  created_at: Date;
}

export interface CommentView {
  id: string;
  page_public_id: string;
  author: { id: string };
  body_md: string;
  created_at: string;
}

export interface CommentListResponse {
  comments: CommentView[];
  has_more: boolean;
  next_offset: number | null;
}

/** Comments on pages whose content the actor can read; oldest first. */
@Injectable()
export class PageCommentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pages: PageReader,
  ) {}

  async list(
    actor: Actor,
    ref: PageRef,
    limit: number,
    offset: number,
  ): Promise<CommentListResponse> {
    const page = await this.readablePage(actor, ref);
    const rows: CommentRow[] = await this.dataSource.query(
      `SELECT id, author_id, body_md, created_at FROM wiki.comments
        WHERE page_id = $1 ORDER BY created_at, id LIMIT $2 OFFSET $3`,
      [page.id, limit + 1, offset],
    );
    const { items, ...window } = offsetWindow(rows, limit, offset);
    return { comments: items.map((row) => commentView(page, row)), ...window };
  }

  async post(actor: Actor, ref: PageRef, bodyMd: string): Promise<{ comment: CommentView }> {
    const page = await this.readablePage(actor, ref);
    // clock_timestamp(), not now(): comments of one instant still sort in the order they landed.
    const [row]: CommentRow[] = await this.dataSource.query(
      `INSERT INTO wiki.comments (page_id, author_id, body_md, created_at)
       VALUES ($1, $2, $3, clock_timestamp())
       RETURNING id, author_id, body_md, created_at`,
      [page.id, actor.personId, bodyMd],
    );
    return { comment: commentView(page, row) };
  }

  private async readablePage(actor: Actor, ref: PageRef): Promise<PageRow> {
    const page = await this.pages.get(actor, ref);
    assertContentReadable(page, 'comments');
    return page;
  }
}

function commentView(page: PageRow, row: CommentRow): CommentView {
  return {
    id: row.id,
    page_public_id: page.public_id,
    author: { id: row.author_id },
    body_md: row.body_md,
    created_at: row.created_at.toISOString(),
  };
}
