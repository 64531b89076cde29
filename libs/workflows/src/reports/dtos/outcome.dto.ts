import { ApiProperty } from '@nestjs/swagger';
import { unionValues } from '@cw/platform';
import type { OutcomeStatus, Report } from '../report';

type Outcome = Report['presentation']['outcome'];

/** Whether the run achieved its purpose: `completed` with a required deliverable missing is `incomplete`. */
export class OutcomeDto implements Outcome {
  @ApiProperty({
    enum: unionValues<OutcomeStatus>({ succeeded: true, failed: true, incomplete: true }),
  })
  status!: OutcomeStatus;
  @ApiProperty({ example: 'Completed all 3 steps.' }) summary!: string;
}
