import { ApiProperty } from '@nestjs/swagger';
import type { StepError } from '../../runs/run-status';

export class StepErrorDto implements StepError {
  @ApiProperty({ example: 'assertion_failed' }) code!: string;
  @ApiProperty({ example: 'The digest is empty.' }) message!: string;
}
