import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RoutePolicy } from '@cw/platform';
import { WorkflowsConfig } from '../workflows.config';
import { WorkflowCapabilitiesDto } from './dtos/workflow-capabilities.dto';
import { type WorkflowCapabilities, workflowCapabilities } from './workflow-capabilities';

@ApiTags('workflows')
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
  })
  @ApiOkResponse({ type: WorkflowCapabilitiesDto })
  list(): WorkflowCapabilities {
    return this.capabilities;
  }
}
