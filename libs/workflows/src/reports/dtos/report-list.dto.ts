import { ApiProperty } from '@nestjs/swagger';
import { RUN_STATUSES } from '../../runs/run-status';
import type { ReportList } from '../report-reader';

type ReportListItem = ReportList['reports'][number];

export class ReportListItemDto implements ReportListItem {
  @ApiProperty({ format: 'uuid', description: "The report's (and its run's) id." }) id!: string;
  @ApiProperty({ enum: RUN_STATUSES }) status!: string;
  @ApiProperty({ example: 'Weekly digest' }) workflow_name!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) completed_at!: string | null;
}

/** `GET /api/reports`: the reports the caller may read, newest first. */
export class ReportListDto implements ReportList {
  @ApiProperty({ type: [ReportListItemDto] }) reports!: ReportListItemDto[];
  @ApiProperty({ type: 'integer', description: 'Reports you may read that match the filter.' })
  total!: number;
  @ApiProperty({ type: 'integer' }) offset!: number;
  @ApiProperty({ type: 'integer' }) limit!: number;
  @ApiProperty() has_more!: boolean;
}
