import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, RoutePolicy } from '@cw/platform';
import { PageListQueryDto } from './dtos/page-list-query.dto';
import { parsePageRef } from './page-ref';
import { PageTrashService } from './page-trash.service';

@ApiTags('wiki')
@Controller('api/wiki/trash')
export class TrashController {
  constructor(private readonly trash: PageTrashService) {}

  @Get()
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'listTrash',
    summary: 'Lists trashed pages you can restore (session only).',
  })
  list(
    @CurrentActor() actor: Actor,
    @Query() query: PageListQueryDto,
  ): ReturnType<PageTrashService['list']> {
    return this.trash.list(actor, query.limit ?? 50, query.offset ?? 0);
  }

  @Post(':page_id/restore')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', sessionOnly: true })
  @ApiOperation({
    operationId: 'restorePage',
    summary: 'Restores a trashed page to its path (session only).',
  })
  @ApiParam({ name: 'page_id', description: 'The page public UUID or legacy integer id.' })
  restore(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
  ): ReturnType<PageTrashService['restore']> {
    return this.trash.restore(actor, parsePageRef(pageId));
  }
}
