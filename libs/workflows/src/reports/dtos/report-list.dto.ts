import { ApiProperty } from '@nestjs/swagger';
import { RUN_STATUSES } from '../../runs/run-status';

export class ReportListItemDto {
  @ApiProperty({ format: 'uuid', description: "The report's (and its run's) id." }) id!: string;
  @ApiProperty({ enum: RUN_STATUSES }) status!: string;
  @ApiProperty({ example: 'Weekly digest' }) workflow_name!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completed_at!: string | null;
}

/** `GET /api/reports`: the reports the caller may read, newest first. */
export class ReportListDto {
  @ApiProperty({ type: [ReportListItemDto] }) reports!: ReportListItemDto[];
  @ApiProperty() total!: number;
  @ApiProperty() offset!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() has_more!: boolean;
}
