import { ApiProperty } from '@nestjs/swagger';
import type { WorkflowListResponse } from '../workflow-manage.service';
import { WorkflowDto } from './workflow.dto';

export class WorkflowListDto implements WorkflowListResponse {
  @ApiProperty({ type: [WorkflowDto] }) workflows!: WorkflowDto[];
  @ApiProperty({ type: 'integer' }) total!: number;
  @ApiProperty({ type: 'integer' }) offset!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
  @ApiProperty() has_more!: boolean;
}
