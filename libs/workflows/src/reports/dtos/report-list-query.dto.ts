import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { WindowQueryDto } from '../../common/dtos/window-query.dto';
import { RUN_STATUSES, type RunStatus } from '../../runs/run-status';

export class ReportListQueryDto extends WindowQueryDto {
  @ApiPropertyOptional({ enum: RUN_STATUSES, description: 'Only runs in this execution status.' })
  @IsOptional()
  @IsIn(RUN_STATUSES)
  status?: RunStatus;

  @ApiPropertyOptional({ format: 'uuid', description: "Only this workflow's reports." })
  @IsOptional()
  @IsUUID()
  workflow_public_id?: string;
}
