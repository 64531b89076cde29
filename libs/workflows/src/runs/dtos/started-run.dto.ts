import { ApiProperty } from '@nestjs/swagger';
import { RUN_STATUSES, type RunStatus } from '../run-status';

/** 201 for a new run (`running`); 200 with the current status for an exact retry. */
export class StartedRunDto {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ format: 'uuid', description: "Also the report's id." }) run_id!: string;
  @ApiProperty({ enum: RUN_STATUSES, example: 'running' }) status!: RunStatus;
}
