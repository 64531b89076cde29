import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy, uuidParam } from '@cw/platform';
import {
  ApiHookLimitResponse,
  ApiRefusedAddressResponse,
  HOOK_ID_PARAM,
  REPORT_HOOKS_API_TAG,
} from '../hooks-api-tag';
import { CreateSubscriptionDto } from './dtos/create-subscription.dto';
import { HookListDto, RegisteredHookDto, SigningKeyDto } from './dtos/hook.dto';
import { HookManagementService } from './hook-management.service';
import { HookRegistrationService } from './hook-registration.service';
import type { HookListView, RegisteredHookView, SigningKeyView } from './hook-view';

@DescribedApiTag(REPORT_HOOKS_API_TAG)
@Controller('api/report-hooks')
export class ReportHooksController {
  constructor(
    private readonly registration: HookRegistrationService,
    private readonly management: HookManagementService,
  ) {}

  @Post()
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  @RoutePolicy({ access: 'person', scopes: ['workflows:read'] })
  @ApiOperation({
    operationId: 'createReportHook',
    summary: 'Subscribes an https receiver to the reports you can read, as they finish.',
    description:
      'Needs a bearer token (a session cookie is 403): the hook delivers while that token is live. ' +
      'The signing secret is shown in this answer only. Filters: one workflow, and a subset of ' +
      'the terminal statuses. You hold at most `HOOKS_SUBSCRIPTIONS_PER_PERSON` (default 50) ' +
      'live subscriptions in a company (409 HOOK_LIMIT_REACHED).',
  })
  @ApiCreatedResponse({ type: RegisteredHookDto })
  @ApiRefusedAddressResponse()
  @ApiHookLimitResponse('`HOOKS_SUBSCRIPTIONS_PER_PERSON` (default 50) live subscriptions')
  register(
    @CurrentActor() actor: Actor,
    @Body() body: CreateSubscriptionDto,
  ): Promise<RegisteredHookView> {
    return this.registration.registerSubscription(actor, {
      targetUrl: body.target_url,
      workflowPublicId: body.workflow_public_id,
      statuses: body.statuses,
    });
  }

  @Get()
  @RoutePolicy({ access: 'person', scopes: ['workflows:read'] })
  @ApiOperation({
    operationId: 'listReportHooks',
    summary: 'Lists your live hooks, addresses masked, with their signing key ids.',
    description:
      'Your own hooks in this company, oldest first, whichever credential registered them; no ' +
      'secret is ever shown again. A hook whose registering credential was revoked has ended ' +
      'and is not listed.',
  })
  @ApiOkResponse({ type: HookListDto })
  async list(@CurrentActor() actor: Actor): Promise<HookListView> {
    return { hooks: await this.management.list(actor) };
  }

  @Post(':hook_id/signing-key')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @RoutePolicy({
    access: 'person',
    scopes: ['workflows:read'],
    mcpTools: ['rotate_report_hook_signing_key'],
  })
  @ApiOperation({
    operationId: 'rotateReportHookSigningKey',
    summary: 'Replaces the hook’s signing key (or turns signing on for a legacy unsigned hook).',
    description:
      'Not idempotent: each call makes a new key, in effect at once for later attempts, retries ' +
      'and replays included (a request already in flight may carry the previous key). The ' +
      'secret is shown in this answer only. An ended hook answers 409 HOOK_ENDED.',
  })
  @ApiParam(HOOK_ID_PARAM)
  @ApiOkResponse({ type: SigningKeyDto })
  rotate(
    @CurrentActor() actor: Actor,
    @Param('hook_id', uuidParam('hook_id')) hookId: string,
  ): Promise<SigningKeyView> {
    return this.management.rotate(actor, hookId);
  }

  @Delete(':hook_id')
  @HttpCode(204)
  @RoutePolicy({ access: 'person', scopes: ['workflows:read'] })
  @ApiOperation({
    operationId: 'deleteReportHook',
    summary: 'Ends the hook: no more deliveries, signing material removed, history kept.',
    description: 'Repeating it answers 204 again.',
  })
  @ApiParam(HOOK_ID_PARAM)
  @ApiNoContentResponse()
  async remove(
    @CurrentActor() actor: Actor,
    @Param('hook_id', uuidParam('hook_id')) hookId: string,
  ): Promise<void> {
    await this.management.remove(actor, hookId);
  }
}
