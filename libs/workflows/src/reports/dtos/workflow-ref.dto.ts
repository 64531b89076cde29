import { ApiProperty } from '@nestjs/swagger';
import type { WorkflowRef } from '../report';

/** The workflow a run belongs to. */
export class WorkflowRefDto implements WorkflowRef {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: 'integer', description: 'The display number, per company.', example: 7 })
  number!: number;
  @ApiProperty({ example: 'Weekly digest' }) name!: string;
}
