import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, ErrorEnvelopeSchema, RoutePolicy } from '@cw/platform';
import { parsePageRef } from '../pages/page-ref';
import { WIKI_API_TAG } from '../wiki-api-tags';
import { MovePageDto } from './dtos/move-page.dto';
import { PageMoveResponseDto } from './dtos/page-move-response.dto';
import { PageMoveService } from './page-move.service';

@DescribedApiTag(WIKI_API_TAG)
@Controller('api/wiki/pages')
export class PageMoveController {
  constructor(private readonly mover: PageMoveService) {}

  @Post(':page_id/move')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'] })
  @ApiOperation({
    operationId: 'movePage',
    summary: 'Moves a page to another folder and/or renames it.',
    description:
      '`path` is the target folder (created like mkdir -p) in any lane you can write, so a page ' +
      'may change lanes; `title` renames it. A folder move alone writes no version; a title ' +
      'change writes a new head version with the same content. 409 PAGE_PATH_TAKEN when a live ' +
      'page already has the target path (titles compare case-insensitively).',
  })
  @ApiParam({ name: 'page_id', description: 'The page public UUID or legacy integer id.' })
  @ApiOkResponse({ type: PageMoveResponseDto })
  @ApiConflictResponse({ description: 'PAGE_PATH_TAKEN', type: ErrorEnvelopeSchema })
  move(
    @CurrentActor() actor: Actor,
    @Param('page_id') pageId: string,
    @Body() body: MovePageDto,
  ): Promise<PageMoveResponseDto> {
    return this.mover.move(actor, parsePageRef(pageId), body);
  }
}
