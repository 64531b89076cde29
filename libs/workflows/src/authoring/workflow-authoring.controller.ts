import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import {
  CurrentActor,
  DescribedApiTag,
  ErrorEnvelopeSchema,
  RoutePolicy,
  uuidParam,
} from '@cw/platform';
import type { FastifyReply } from 'fastify';
import { WORKFLOWS_API_TAG } from '../workflows-api-tags';
import { AuthoringOperationDto } from './dtos/authoring-operation.dto';
import { DesignRequestDto } from './dtos/design-request.dto';
import { WorkflowAuthoringService } from './workflow-authoring.service';

@DescribedApiTag(WORKFLOWS_API_TAG)
@Controller('api/workflows')
export class WorkflowAuthoringController {
  constructor(private readonly authoring: WorkflowAuthoringService) {}

  @Post('blocks/design')
  @RoutePolicy({ access: 'person', scopes: ['workflows:write'], mcpTools: ['create_workflow'] })
  @ApiOperation({
    operationId: 'designWorkflow',
    summary:
      'Creates a workflow: saves intent.steps as sent, or has the composer plan it from job (202 in the background unless wait).',
    description:
      'With `intent.steps` the plan is validated and saved as sent (201). Otherwise the model ' +
      'plans it from `job`: 202 `composing` with a `status_url` to poll, or with `wait` the end ' +
      "state. Nothing is inferred from the job's words: without `output.create_page` no page " +
      'is written. The same `authoring_request_id` and body answer the same operation. A ' +
      'person has at most `AUTHORING_COMPOSING_PER_PERSON` (default 3) compositions under way ' +
      'at once: one more is 429 RATE_LIMITED with `Retry-After` (explicit plans are not counted). ' +
      'A company holds at most `WORKFLOWS_PER_COMPANY` (default 1000) workflows that are not ' +
      'deleted (409 WORKFLOW_LIMIT_REACHED).',
  })
  @ApiBody({
    type: DesignRequestDto,
    examples: {
      explicitPlan: {
        summary: 'An explicit plan, saved as sent and active',
        value: {
          start_as: 'active',
          authoring_request_id: '5c8e2d1a-7b3f-4e6a-9c0d-1f2e3a4b5c6d',
          intent: {
            name: 'Weekly pricing digest',
            inputs: [{ name: 'topic', type: 'text', required: true }],
            steps: [
              { id: 'find', block: 'wiki.search', query: '{{inputs.topic}}' },
              {
                id: 'digest',
                block: 'text.compose',
                template: 'Pages about {{inputs.topic}}: {{steps.find.output}}',
              },
            ],
            deliverables: [{ name: 'digest', required: true, from_step: 'digest' }],
          },
          output: { create_page: { path: '/Company/Reports', title: 'Pricing digest' } },
          trigger: { schedule: { cron: '0 9 * * 1', timezone: 'Europe/Berlin' } },
        },
      },
      fromJob: {
        summary: 'A job for the composer, in the background',
        value: {
          job: 'Every Monday, summarise the wiki pages about pricing into one digest page.',
          authoring_request_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
          output: { create_page: { path: '/Company/Reports', title: 'Pricing digest' } },
        },
      },
    },
  })
  @ApiCreatedResponse({ type: AuthoringOperationDto, description: 'Saved.' })
  @ApiAcceptedResponse({
    type: AuthoringOperationDto,
    description: 'Composing in the background; poll status_url.',
  })
  @ApiOkResponse({
    type: AuthoringOperationDto,
    description: 'Ended without a workflow: needs_clarification, capability_gap or failed.',
  })
  @ApiConflictResponse({
    description:
      'AUTHORING_REQUEST_CONFLICT; or WORKFLOW_LIMIT_REACHED: the company holds ' +
      '`WORKFLOWS_PER_COMPANY` (default 1000) workflows that are not deleted, nothing is saved ' +
      '(`details`: `{limit}`; a composition reaching it ends `failed` saying so).',
    type: ErrorEnvelopeSchema,
  })
  @ApiTooManyRequestsResponse({
    description:
      'RATE_LIMITED: AUTHORING_COMPOSING_PER_PERSON compositions of yours are under way; `Retry-After` says when the oldest has ended at the latest. `details`: `{limit, retry_after_seconds}`.',
    type: ErrorEnvelopeSchema,
  })
  async design(
    @CurrentActor() actor: Actor,
    @Body() body: DesignRequestDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthoringOperationDto> {
    const answer = await this.authoring.design(actor, body);
    void reply.status(answer.httpStatus);
    return answer.body;
  }

  @Get('authoring-operations/:operation_id')
  @RoutePolicy({
    access: 'person',
    scopes: ['workflows:write', 'workflows:read'],
    mcpTools: ['get_workflow_authoring_operation'],
  })
  @ApiOperation({
    operationId: 'getWorkflowAuthoringOperation',
    summary: 'The state of one of your authoring operations (the status_url).',
    description:
      '`composing` while the model plans; then `saved` with the workflow, ' +
      '`needs_clarification` with questions, `capability_gap` with the gap, or `failed` with ' +
      "the error. Another person's operation: 404.",
  })
  @ApiParam({ name: 'operation_id', format: 'uuid', description: 'The operation id.' })
  @ApiOkResponse({ type: AuthoringOperationDto })
  get(
    @CurrentActor() actor: Actor,
    @Param('operation_id', uuidParam('operation_id')) operationId: string,
  ): Promise<AuthoringOperationDto> {
    return this.authoring.get(actor, operationId);
  }
}
