import { Body, Controller, Get, HttpCode, Post, Query, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy } from '@cw/platform';
import { WIKI_SYNC_API_TAG } from '../wiki-api-tags';
import { SyncBatchService } from './sync-batch.service';
import { SyncChangesService } from './sync-changes.service';
import { SyncConcurrencyInterceptor } from './sync-concurrency.interceptor';
import { decodeCursor } from './sync-cursor';
import { SyncBatchDto } from './dtos/sync-batch.dto';
import { SyncBatchRequestDto } from './dtos/sync-batch-request.dto';
import { SyncChangesDto } from './dtos/sync-changes.dto';
import { SyncChangesQueryDto } from './dtos/sync-changes-query.dto';

const DEFAULT_LIMIT = 100;

/** Desktop sync: a change feed and batch reads; 429 with Retry-After when the process is busy. */
@DescribedApiTag(WIKI_SYNC_API_TAG)
@Controller('api/wiki/sync/v2')
@UseInterceptors(SyncConcurrencyInterceptor)
export class SyncController {
  constructor(
    private readonly feed: SyncChangesService,
    private readonly batch: SyncBatchService,
  ) {}

  @Get('changes')
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'] })
  @ApiOperation({
    operationId: 'listWikiSyncChanges',
    summary:
      'Pages in your reach changed after the cursor, oldest first; trashed pages as deleted. 429 with Retry-After when busy.',
    description:
      "Start without `cursor`, then send each answer's `next_cursor` back. `has_more: false` " +
      'means you are up to date: poll again later. A change is only answered once no earlier ' +
      'write can still commit behind it, so a cursor never skips one.',
  })
  @ApiOkResponse({ type: SyncChangesDto })
  changes(
    @CurrentActor() actor: Actor,
    @Query() query: SyncChangesQueryDto,
  ): Promise<SyncChangesDto> {
    const cursor = query.cursor ?? null;
    return this.feed.changes(
      actor,
      cursor === null ? null : decodeCursor(cursor),
      query.limit ?? DEFAULT_LIMIT,
      cursor,
    );
  }

  @Post('pages/batch')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', scopes: ['wiki:read'] })
  @ApiOperation({
    operationId: 'readWikiSyncPages',
    summary:
      'Reads up to 100 pages; content omitted where access is null; ids not visible are listed as missing.',
    description:
      'The same rules as reading one page, for many: each page with its head and your access. ' +
      'Ids (public UUIDs or legacy integers) of pages you cannot see, or trashed ones, come ' +
      'back in `missing` as you sent them.',
  })
  @ApiBody({
    type: SyncBatchRequestDto,
    examples: {
      mixed: {
        summary: 'A public UUID and a legacy id',
        value: { page_ids: ['0b8e6c1e-8f5e-4c47-9d1b-2f3f0f7f4b7a', 42] },
      },
    },
  })
  @ApiOkResponse({ type: SyncBatchDto })
  read(@CurrentActor() actor: Actor, @Body() body: SyncBatchRequestDto): Promise<SyncBatchDto> {
    return this.batch.read(actor, body.page_ids);
  }
}
