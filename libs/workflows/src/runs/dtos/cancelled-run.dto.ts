import { ApiProperty } from '@nestjs/swagger';
import type { CancelledRun } from '../run-cancel.service';
import { RUN_STATUSES, type RunStatus } from '../run-status';

/** A cancel's answer: `cancelled` at once, or the current status while the running step ends. */
export class CancelledRunDto implements CancelledRun {
  @ApiProperty({ format: 'uuid' }) run_id!: string;
  @ApiProperty({ enum: RUN_STATUSES, example: 'cancelled' }) status!: RunStatus;
  @ApiProperty({ description: 'Always true: the run is cancelled or stops after its step.' })
  cancel_requested!: boolean;
}
