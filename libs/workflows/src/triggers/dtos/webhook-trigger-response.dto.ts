import { ApiProperty } from '@nestjs/swagger';
import { RUN_STATUSES, type RunStatus } from '../../runs/run-status';

export class WebhookTriggerResponseDto {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ format: 'uuid', description: 'The run started; also its report id.' })
  run_id!: string;
  @ApiProperty({ enum: RUN_STATUSES, example: 'running' }) status!: RunStatus;
}
