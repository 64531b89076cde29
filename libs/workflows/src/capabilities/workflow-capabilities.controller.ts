import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DescribedApiTag, RoutePolicy } from '@cw/platform';
import { WorkflowsConfig } from '../workflows.config';
import { WORKFLOWS_API_TAG } from '../workflows-api-tags';
import { WorkflowCapabilitiesDto } from './dtos/workflow-capabilities.dto';
import { type WorkflowCapabilities, workflowCapabilities } from './workflow-capabilities';

@DescribedApiTag(WORKFLOWS_API_TAG)
@Controller('api/workflow-capabilities')
export class WorkflowCapabilitiesController {
  private readonly capabilities: WorkflowCapabilities;

  constructor(config: WorkflowsConfig) {
    this.capabilities = workflowCapabilities(config.MODEL_NAME);
  }

  @Get()
  @RoutePolicy({
    access: 'person',
    scopes: ['workflows:write'],
    mcpTools: ['list_workflow_capabilities'],
  })
  @ApiOperation({
    operationId: 'listWorkflowCapabilities',
    summary: 'Lists every block with the JSON schema of its fields, the models and the triggers.',
    description:
      'What a plan sent to `POST /api/workflows/blocks/design` may use: each step is ' +
      "`{id, block, ...fields}` with the fields of its block's `input_schema`.",
  })
  @ApiOkResponse({ type: WorkflowCapabilitiesDto })
  list(): WorkflowCapabilitiesDto {
    return this.capabilities;
  }
}
