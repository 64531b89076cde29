import { Body, Controller, Get, HttpCode, Post, Query, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, RoutePolicy } from '@cw/platform';
import { SyncBatchService, type SyncBatchResponse } from './sync-batch.service';
import { SyncChangesService, type SyncChangesResponse } from './sync-changes.service';
import { SyncConcurrencyInterceptor } from './sync-concurrency.interceptor';
import { decodeCursor } from './sync-cursor';
import { SyncBatchDto } from './dtos/sync-batch.dto';
import { SyncBatchRequestDto } from './dtos/sync-batch-request.dto';
import { SyncChangesDto } from './dtos/sync-changes.dto';
import { SyncChangesQueryDto } from './dtos/sync-changes-query.dto';

const DEFAULT_LIMIT = 100;

/** Desktop sync: a change feed and batch reads; 429 with Retry-After when the process is busy. */
@ApiTags('wiki-sync')
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
  })
  @ApiOkResponse({ type: SyncChangesDto })
  changes(
    @CurrentActor() actor: Actor,
    @Query() query: SyncChangesQueryDto,
  ): Promise<SyncChangesResponse> {
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
  })
  @ApiOkResponse({ type: SyncBatchDto })
  read(
    @CurrentActor() actor: Actor,
    @Body() body: SyncBatchRequestDto,
  ): Promise<SyncBatchResponse> {
    return this.batch.read(actor, body.page_ids);
  }
}
