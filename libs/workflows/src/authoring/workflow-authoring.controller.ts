import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Actor } from '@cw/domain';
import { CurrentActor, ErrorEnvelopeSchema, RoutePolicy, uuidParam } from '@cw/platform';
import type { FastifyReply } from 'fastify';
import { AuthoringOperationDto } from './dtos/authoring-operation.dto';
import { DesignRequestDto } from './dtos/design-request.dto';
import {
  type AuthoringOperationResponse,
  WorkflowAuthoringService,
} from './workflow-authoring.service';

@ApiTags('workflows')
@Controller('api/workflows')
export class WorkflowAuthoringController {
  constructor(private readonly authoring: WorkflowAuthoringService) {}

  @Post('blocks/design')
  @RoutePolicy({ access: 'person', scopes: ['workflows:write'], mcpTools: ['create_workflow'] })
  @ApiOperation({
    operationId: 'designWorkflow',
    summary:
      'Creates a workflow: saves intent.steps as sent, or has the composer plan it from job (202 in the background unless wait).',
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
  @ApiConflictResponse({ description: 'AUTHORING_REQUEST_CONFLICT', type: ErrorEnvelopeSchema })
  async design(
    @CurrentActor() actor: Actor,
    @Body() body: DesignRequestDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthoringOperationResponse> {
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
  })
  @ApiParam({ name: 'operation_id', format: 'uuid', description: 'The operation id.' })
  @ApiOkResponse({ type: AuthoringOperationDto })
  get(
    @CurrentActor() actor: Actor,
    @Param('operation_id', uuidParam('operation_id')) operationId: string,
  ): Promise<AuthoringOperationResponse> {
    return this.authoring.get(actor, operationId);
  }
}
