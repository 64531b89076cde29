import { ApiProperty } from '@nestjs/swagger';

/** Whether the run achieved its purpose: `completed` with a required deliverable missing is `incomplete`. */
export class OutcomeDto {
  @ApiProperty({ enum: ['succeeded', 'failed', 'incomplete'] }) status!: string;
  @ApiProperty({ example: 'Completed all 3 steps.' }) summary!: string;
}
