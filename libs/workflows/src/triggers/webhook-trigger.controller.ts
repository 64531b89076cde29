import { Body, Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { DescribedApiTag, RoutePolicy } from '@cw/platform';
import { LIMITS } from '../definitions/workflow-definition';
import { WORKFLOWS_API_TAG } from '../workflows-api-tags';
import { WebhookTriggerResponseDto } from './dtos/webhook-trigger-response.dto';
import { WebhookTriggerService } from './webhook-trigger.service';

@DescribedApiTag(WORKFLOWS_API_TAG)
@Controller('api/workflows/hooks')
export class WebhookTriggerController {
  constructor(private readonly trigger: WebhookTriggerService) {}

  @Post(':public_id/:token')
  @HttpCode(201)
  @RoutePolicy({ access: 'route_specific' })
  @ApiOperation({
    operationId: 'triggerWorkflowWebhook',
    summary: 'Starts a run of an active workflow through its webhook link; no sign-in.',
    description:
      'The body is the run inputs: the declared names only, text (up to 20,000 characters), ' +
      'numbers or booleans; a workflow without inputs takes an empty body. Answers without ' +
      'waiting for the run. 400 body not an object or fields not matching the inputs; 404 link ' +
      'wrong or removed; 409 WORKFLOW_NOT_STARTABLE (not active) or RUN_START_LIMIT_REACHED ' +
      '(hourly start limit); 413 body over 256 KB.',
  })
  @ApiParam({ name: 'public_id', format: 'uuid', description: 'The link’s public id.' })
  @ApiParam({ name: 'token', description: 'The link’s token: the credential.' })
  @ApiBody({
    required: false,
    schema: {
      type: 'object',
      additionalProperties: {
        oneOf: [
          { type: 'string', maxLength: LIMITS.textInputChars },
          { type: 'number' },
          { type: 'boolean' },
        ],
      },
    },
    examples: { inputs: { summary: 'The run inputs', value: { topic: 'pricing', urgent: true } } },
  })
  @ApiCreatedResponse({ type: WebhookTriggerResponseDto })
  async start(
    @Param('public_id') publicId: string,
    @Param('token') token: string,
    @Body() body: unknown,
    @Headers('content-length') contentLength: string | undefined,
  ): Promise<WebhookTriggerResponseDto> {
    const bytes = contentLength
      ? Number(contentLength)
      : Buffer.byteLength(JSON.stringify(body ?? {}));
    const started = await this.trigger.trigger(publicId, token, body, bytes);
    return { success: true, run_id: started.run_id, status: started.status };
  }
}
