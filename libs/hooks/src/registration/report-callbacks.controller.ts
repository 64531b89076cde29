import { Body, Controller, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, DescribedApiTag, RoutePolicy, uuidParam } from '@cw/platform';
import {
  ApiHookLimitResponse,
  ApiRefusedAddressResponse,
  REPORT_HOOKS_API_TAG,
} from '../hooks-api-tag';
import { CreateCallbackDto } from './dtos/create-callback.dto';
import { RegisteredHookDto } from './dtos/hook.dto';
import { HookRegistrationService } from './hook-registration.service';
import type { RegisteredHookView } from './hook-view';

@DescribedApiTag(REPORT_HOOKS_API_TAG)
@Controller('api/reports/:report_id/callbacks')
export class ReportCallbacksController {
  constructor(private readonly registration: HookRegistrationService) {}

  @Post()
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  @RoutePolicy({ access: 'person', scopes: ['workflows:read'] })
  @ApiOperation({
    operationId: 'createReportCallback',
    summary: 'Registers a one-report callback: this run’s report is POSTed once it finishes.',
    description:
      'Needs a bearer token (a session cookie is 403). When the run has already finished the ' +
      'report is sent at once, possibly before this answer arrives: until your receiver has ' +
      'saved the signing secret, answer with a retryable status such as 503. An unreadable ' +
      'report is 404. You hold at most `HOOKS_CALLBACKS_PER_REPORT` (default 10) live callbacks ' +
      'on one report (409 HOOK_LIMIT_REACHED).',
  })
  @ApiParam({ name: 'report_id', format: 'uuid', description: "The report's (its run's) id." })
  @ApiCreatedResponse({ type: RegisteredHookDto })
  @ApiRefusedAddressResponse()
  @ApiHookLimitResponse('`HOOKS_CALLBACKS_PER_REPORT` (default 10) live callbacks on this report')
  register(
    @CurrentActor() actor: Actor,
    @Param('report_id', uuidParam('report_id')) reportId: string,
    @Body() body: CreateCallbackDto,
  ): Promise<RegisteredHookView> {
    return this.registration.registerCallback(actor, reportId.toLowerCase(), body.url);
  }
}
