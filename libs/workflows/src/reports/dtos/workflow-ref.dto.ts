import { ApiProperty } from '@nestjs/swagger';

/** The workflow a run belongs to. */
export class WorkflowRefDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'The display number, per company.', example: 7 }) number!: number;
  @ApiProperty({ example: 'Weekly digest' }) name!: string;
}
