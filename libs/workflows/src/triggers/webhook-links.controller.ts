import { Controller, Delete, Header, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy } from '@cw/platform';
import { parseWorkflowRef } from '../definitions/workflow-ref';
import { WORKFLOWS_API_TAG } from '../workflows-api-tags';
import { WebhookLinkDto } from './dtos/webhook-link.dto';
import { WebhookLinkService } from './webhook-link.service';

const WORKFLOW_ID = {
  name: 'workflow_id',
  description: 'The workflow UUID or its display number.',
  example: '3',
};
const WHO = ' The workflow’s owner or a company admin (a private workflow: its owner only).';

@DescribedApiTag(WORKFLOWS_API_TAG)
@Controller('api/workflows/:workflow_id/webhook-link')
export class WebhookLinksController {
  constructor(private readonly links: WebhookLinkService) {}

  @Post()
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  @RoutePolicy({ access: 'person', scopes: ['workflows:write'] })
  @ApiOperation({
    operationId: 'createWebhookLink',
    summary: 'Creates the webhook link of an active workflow; the token is shown once.',
    description:
      'A workflow has one link: when it exists, rotate it (409 WEBHOOK_LINK_EXISTS).' + WHO,
  })
  @ApiParam(WORKFLOW_ID)
  @ApiCreatedResponse({ type: WebhookLinkDto })
  create(
    @CurrentActor() actor: Actor,
    @Param('workflow_id') workflowId: string,
  ): Promise<WebhookLinkDto> {
    return this.links.create(actor, parseWorkflowRef(workflowId));
  }

  @Post('rotate')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @RoutePolicy({ access: 'person', scopes: ['workflows:write'] })
  @ApiOperation({
    operationId: 'rotateWebhookLink',
    summary: 'Gives the link a new token; the old one stops at once. Runs act as you from now on.',
    description: WHO.trim(),
  })
  @ApiParam(WORKFLOW_ID)
  @ApiOkResponse({ type: WebhookLinkDto })
  rotate(
    @CurrentActor() actor: Actor,
    @Param('workflow_id') workflowId: string,
  ): Promise<WebhookLinkDto> {
    return this.links.rotate(actor, parseWorkflowRef(workflowId));
  }

  @Delete()
  @HttpCode(204)
  @RoutePolicy({ access: 'person', scopes: ['workflows:write'] })
  @ApiOperation({
    operationId: 'deleteWebhookLink',
    summary: 'Removes the webhook link; its address answers 404 at once.',
    description: WHO.trim(),
  })
  @ApiParam(WORKFLOW_ID)
  @ApiNoContentResponse()
  async remove(
    @CurrentActor() actor: Actor,
    @Param('workflow_id') workflowId: string,
  ): Promise<void> {
    await this.links.remove(actor, parseWorkflowRef(workflowId));
  }
}
