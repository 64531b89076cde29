import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy } from '@cw/platform';
import { WIKI_API_TAG } from '../wiki-api-tags';
import { PageListQueryDto } from './dtos/page-list-query.dto';
import { RestoredPageResponseDto, TrashListDto } from './dtos/trash-response.dto';
import { parsePageRef } from './page-ref';
import { PageTrashService } from './page-trash.service';

@DescribedApiTag(WIKI_API_TAG)
@Controller('api/wiki/trash')
export class TrashController {
  constructor(private readonly trash: PageTrashService) {}

  @Get()
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'listTrash',
    summary: 'Lists trashed pages you can restore (session only).',
    description:
      'The trashed pages of every lane you can write, most recently trashed first, paged with ' +
      '`limit`/`offset`. A bearer token is refused with 403 (`session_required`).',
  })
  @ApiOkResponse({ type: TrashListDto })
  list(@CurrentActor() actor: Actor, @Query() query: PageListQueryDto): Promise<TrashListDto> {
    return this.trash.list(actor, query.limit ?? 50, query.offset ?? 0);
  }

  @Post(':page_id/restore')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'restorePage',
    summary: 'Restores a trashed page to its path (session only).',
    description:
      'The page comes back at its folder path with its versions. 409 PAGE_PATH_TAKEN when a ' +
      'live page took its path meanwhile (rename that one first); 404 when no trashed page with ' +
      'that id is in a lane you can write.',
  })
  @ApiParam({ name: 'page_id', description: 'The page public UUID or legacy integer id.' })
  @ApiOkResponse({ type: RestoredPageResponseDto })
  restore(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
  ): Promise<RestoredPageResponseDto> {
    return this.trash.restore(actor, parsePageRef(pageId));
  }
}
