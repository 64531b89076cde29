import { ApiProperty } from '@nestjs/swagger';
import { WorkflowDto } from './workflow.dto';

export class WorkflowListDto {
  @ApiProperty({ type: [WorkflowDto] }) workflows!: WorkflowDto[];
  @ApiProperty() total!: number;
  @ApiProperty() offset!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() has_more!: boolean;
}
