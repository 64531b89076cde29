import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy, uuidParam } from '@cw/platform';
import { DELIVERY_ID_PARAM, HOOK_ID_PARAM, REPORT_HOOKS_API_TAG } from '../hooks-api-tag';
import { DeliveryHistoryService } from './delivery-history.service';
import { DeliveryReplayService } from './delivery-replay.service';
import type { DeliveryListView, DeliveryView } from './delivery-view';
import { DeliveryDto, DeliveryListDto } from './dtos/delivery.dto';
import { DeliveryListQueryDto } from './dtos/delivery-list-query.dto';
import { ReplayDeliveryDto } from './dtos/replay-delivery.dto';

@DescribedApiTag(REPORT_HOOKS_API_TAG)
@Controller('api/report-hooks/:hook_id/deliveries')
export class HookDeliveriesController {
  constructor(
    private readonly history: DeliveryHistoryService,
    private readonly replays: DeliveryReplayService,
  ) {}

  @Get()
  @RoutePolicy({
    access: 'person',
    scopes: ['workflows:read'],
    mcpTools: ['list_report_hook_deliveries'],
  })
  @ApiOperation({
    operationId: 'listReportHookDeliveries',
    summary: 'A window of the hook’s deliveries, newest first, and `next_offset`.',
    description:
      'Ended hooks keep their history. Deliveries of reports you can no longer read are left out of the window.',
  })
  @ApiParam(HOOK_ID_PARAM)
  @ApiOkResponse({ type: DeliveryListDto })
  list(
    @CurrentActor() actor: Actor,
    @Param('hook_id', uuidParam('hook_id')) hookId: string,
    @Query() query: DeliveryListQueryDto,
  ): Promise<DeliveryListView> {
    return this.history.list(actor, hookId, query);
  }

  @Get(':delivery_id')
  @RoutePolicy({
    access: 'person',
    scopes: ['workflows:read'],
    mcpTools: ['get_report_hook_delivery'],
  })
  @ApiOperation({
    operationId: 'getReportHookDelivery',
    summary: 'One delivery: state, attempt totals, timestamps and its sanitized failure code.',
    description:
      'States: pending, delivered, failed (replayable), cancelled. A delivery of a report you ' +
      'can no longer read is 404.',
  })
  @ApiParam(HOOK_ID_PARAM)
  @ApiParam(DELIVERY_ID_PARAM)
  @ApiOkResponse({ type: DeliveryDto })
  get(
    @CurrentActor() actor: Actor,
    @Param('hook_id', uuidParam('hook_id')) hookId: string,
    @Param('delivery_id', uuidParam('delivery_id')) deliveryId: string,
  ): Promise<DeliveryView> {
    return this.history.get(actor, hookId, deliveryId);
  }

  @Post(':delivery_id/replay')
  @HttpCode(200)
  @RoutePolicy({
    access: 'person',
    scopes: ['workflows:read'],
    mcpTools: ['replay_report_hook_delivery'],
  })
  @ApiOperation({
    operationId: 'replayReportHookDelivery',
    summary: 'Sends a failed delivery again: send the `replay_count` you read (compare-and-swap).',
    description:
      'The same id and row; `replay_count` goes up by one and a fresh round of 8 attempts starts. ' +
      'Repeating the same count answers that replay’s current outcome. A stale count, or a ' +
      'delivery that is pending, delivered or cancelled, is 409 (REPLAY_COUNT_STALE, ' +
      'DELIVERY_NOT_REPLAYABLE); a hook whose registering credential was revoked is 403.',
  })
  @ApiParam(HOOK_ID_PARAM)
  @ApiParam(DELIVERY_ID_PARAM)
  @ApiOkResponse({ type: DeliveryDto })
  replay(
    @CurrentActor() actor: Actor,
    @Param('hook_id', uuidParam('hook_id')) hookId: string,
    @Param('delivery_id', uuidParam('delivery_id')) deliveryId: string,
    @Body() body: ReplayDeliveryDto,
  ): Promise<DeliveryView> {
    return this.replays.replay(actor, hookId, deliveryId, body.replay_count);
  }
}
