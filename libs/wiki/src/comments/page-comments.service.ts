import { Injectable } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { offsetWindow } from '@cw/platform';
import { DataSource } from 'typeorm';
import { wikiError } from '../errors/wiki-errors';
import type { PageRecord } from '../pages/page-record';
import { PageReader } from '../pages/page-reader';
import type { PageRef } from '../pages/page-ref';
import { CommentsConfig } from './comments.config';
import { type CommentRecord, CommentRepository } from './comment.repository';

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
    private readonly reader: PageReader,
    private readonly comments: CommentRepository,
    private readonly dataSource: DataSource,
    private readonly config: CommentsConfig,
  ) {}

  async list(
    actor: Actor,
    ref: PageRef,
    limit: number,
    offset: number,
  ): Promise<CommentListResponse> {
    const page = await this.reader.getReadable(actor, ref, 'comments');
    const rows = await this.comments.listForPage(page.id, limit + 1, offset);
    const { items, ...window } = offsetWindow(rows, limit, offset);
    return { comments: items.map((row) => commentView(page, row)), ...window };
  }

  async post(actor: Actor, ref: PageRef, bodyMd: string): Promise<{ comment: CommentView }> {
    const page = await this.reader.getReadable(actor, ref, 'comments');
    const limit = this.config.WIKI_COMMENTS_PER_PAGE_AND_PERSON;
    const comment = await this.dataSource.transaction(async (manager) => {
      if ((await this.comments.lockAndCountOf(manager, page.id, actor.personId)) >= limit) {
        throw wikiError(
          'COMMENT_LIMIT_REACHED',
          `You have posted ${limit} comments on this page, the most allowed (WIKI_COMMENTS_PER_PAGE_AND_PERSON).`,
          { details: { limit } },
        );
      }
      return this.comments.insert(manager, { pageId: page.id, authorId: actor.personId, bodyMd });
    });
    return { comment: commentView(page, comment) };
  }
}

function commentView(page: PageRecord, comment: CommentRecord): CommentView {
  return {
    id: comment.id,
    page_public_id: page.public_id,
    author: { id: comment.authorId },
    body_md: comment.bodyMd,
    created_at: comment.createdAt.toISOString(),
  };
}
