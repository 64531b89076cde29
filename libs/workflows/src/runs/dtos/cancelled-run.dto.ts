import { ApiProperty } from '@nestjs/swagger';
import { RUN_STATUSES } from '../run-status';

/** A cancel's answer: `cancelled` at once, or the current status while the running step ends. */
export class CancelledRunDto {
  @ApiProperty({ format: 'uuid' }) run_id!: string;
  @ApiProperty({ enum: RUN_STATUSES, example: 'cancelled' }) status!: string;
  @ApiProperty({ enum: [true] }) cancel_requested!: boolean;
}
