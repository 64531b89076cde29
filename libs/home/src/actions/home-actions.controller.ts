import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy } from '@cw/platform';
import { HOME_API_TAG } from '../home-api-tag';
import { actionIdParam, notificationIdParam } from './action-params';
import { AcceptedMisfilingDto } from './dtos/accepted-misfiling.dto';
import { type AcceptedMisfiling, MisfilingChips } from './misfiling-chips';

@DescribedApiTag(HOME_API_TAG)
@Controller('api/home/actions')
export class HomeActionsController {
  constructor(private readonly chips: MisfilingChips) {}

  @Post('misfiling/:notification_id/accept')
  @HttpCode(200)
  @RoutePolicy({ access: 'person', scopes: ['wiki:write'] })
  @ApiOperation({
    operationId: 'acceptHomeMisfiling',
    summary: 'Accepts a misfiling chip: moves the Inbox page into the folder its rule names.',
    description:
      'The move is the wiki’s page move, with its checks. Every refused gate is 400 ' +
      'BAD_REQUEST whose message is the reason and whose `details.reason` names it: ' +
      '`no_such_page` (not a page of yours), `not_in_inbox` (moved meanwhile, or already ' +
      'accepted: a second accept, also a parallel one, moves nothing), `no_matching_rule` (the ' +
      'rule changed or went, or its folder is no longer yours to write), `title_taken` (the ' +
      'folder has a page with that title), `dismissed` (you dismissed the chip).',
  })
  @ApiParam({
    name: 'notification_id',
    description: 'The chip’s `notification_id`: the page’s numeric id.',
    schema: { type: 'integer', minimum: 1 },
  })
  @ApiOkResponse({ type: AcceptedMisfilingDto })
  accept(
    @CurrentActor() actor: Actor,
    @Param('notification_id', notificationIdParam()) notificationId: string,
  ): Promise<AcceptedMisfiling> {
    return this.chips.accept(actor, notificationId);
  }

  @Post(':action_id/dismiss')
  @HttpCode(204)
  @RoutePolicy({ access: 'person' })
  @ApiOperation({
    operationId: 'dismissHomeAction',
    summary: 'Hides a chip for you (204); others still see their own.',
    description:
      'Idempotent: dismissing again, or in parallel, changes nothing more. Any well-formed ' +
      'action id is accepted; a chip that later appears with that id stays hidden.',
  })
  @ApiParam({
    name: 'action_id',
    description: 'The chip’s `action_id`.',
    schema: { type: 'string', pattern: '^[a-z0-9-]{1,100}$' },
  })
  @ApiNoContentResponse()
  async dismiss(
    @CurrentActor() actor: Actor,
    @Param('action_id', actionIdParam()) actionId: string,
  ): Promise<void> {
    await this.chips.dismiss(actor, actionId);
  }
}
