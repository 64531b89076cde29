import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, ErrorEnvelopeSchema, RoutePolicy } from '@cw/platform';
import { PageListQueryDto } from '../pages/dtos/page-list-query.dto';
import { parsePageRef } from '../pages/page-ref';
import { WIKI_API_TAG } from '../wiki-api-tags';
import { CommentListDto, CreatedCommentDto } from './dtos/comment-response.dto';
import { CreateCommentDto } from './dtos/create-comment.dto';
import { PageCommentsService } from './page-comments.service';

const PAGE_ID = { name: 'page_id', description: 'The page public UUID or legacy integer id.' };
const RESTRICTED =
  ' A restricted page you are not listed on answers 403 ACCESS_DENIED (details.error `page_restricted`).';

@DescribedApiTag(WIKI_API_TAG)
@Controller('api/wiki/pages')
export class CommentsController {
  constructor(private readonly comments: PageCommentsService) {}

  @Get(':page_id/comments')
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'] })
  @ApiOperation({
    operationId: 'listPageComments',
    summary: "Lists a page's comments, oldest first.",
    description: 'Paginated with limit/offset.' + RESTRICTED,
  })
  @ApiParam(PAGE_ID)
  @ApiOkResponse({ type: CommentListDto })
  list(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Query() query: PageListQueryDto,
  ): Promise<CommentListDto> {
    return this.comments.list(actor, parsePageRef(pageId), query.limit ?? 50, query.offset ?? 0);
  }

  @Post(':page_id/comments')
  @HttpCode(201)
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'] })
  @ApiOperation({
    operationId: 'createPageComment',
    summary: 'Posts a comment on a page you can read.',
    description:
      'Comments do not change the page or its version. One person posts at most ' +
      '`WIKI_COMMENTS_PER_PAGE_AND_PERSON` (default 500) comments on a page (409 ' +
      'COMMENT_LIMIT_REACHED).' +
      RESTRICTED,
  })
  @ApiParam(PAGE_ID)
  @ApiCreatedResponse({ type: CreatedCommentDto })
  @ApiConflictResponse({
    description:
      'COMMENT_LIMIT_REACHED: you have posted `WIKI_COMMENTS_PER_PAGE_AND_PERSON` comments on ' +
      'this page; nothing is stored. `details`: `{limit}`.',
    type: ErrorEnvelopeSchema,
  })
  create(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Body() body: CreateCommentDto,
  ): Promise<CreatedCommentDto> {
    return this.comments.post(actor, parsePageRef(pageId), body.body_md);
  }
}
