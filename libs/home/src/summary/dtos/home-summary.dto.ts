import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { unionValues } from '@cw/platform';
import { LANE_KINDS, type LaneKind, type WikiPageSummary } from '@cw/wiki';
import { RUN_STATUSES, type RecentReport, type RunStatus } from '@cw/workflows';
import type { ChipView, HomeSummaryView } from '../home-summary-view';

export class HomeCompanyDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Acme' }) name!: string;
}

export class HomePageDto implements WikiPageSummary {
  @ApiProperty({ type: 'integer', description: 'Legacy numeric id.', example: 42 }) id!: number;
  @ApiProperty({ format: 'uuid' }) public_id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Folder path, "/", title.', example: '/Company/Eng/Deploys' })
  path!: string;
  @ApiProperty({ enum: LANE_KINDS }) lane!: LaneKind;
  @ApiProperty({ type: 'integer' }) current_version!: number;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ description: 'The page in the web app.', example: '/wiki/pages/0b9f…' })
  url!: string;
}

export class HomeReportDto implements RecentReport {
  @ApiProperty({ format: 'uuid', description: 'The report’s (its run’s) id.' }) id!: string;
  @ApiProperty() workflow_name!: string;
  @ApiProperty({ enum: RUN_STATUSES }) status!: RunStatus;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the run ended; null while it runs.',
  })
  finished_at!: string | null;
  @ApiProperty({ example: '/api/reports/4f0c…', description: 'The report route.' }) url!: string;
}

export class ChipDto implements ChipView {
  @ApiProperty({ pattern: '^[a-z0-9-]{1,100}$', example: 'misfiling-42' }) action_id!: string;
  @ApiProperty({ enum: unionValues<ChipView['kind']>({ misfiling: true }) })
  kind!: ChipView['kind'];
  @ApiProperty({
    example: '“Deploy 2024-05-01” looks like it belongs in /Company/Runbooks/Deploys',
  })
  message!: string;
  @ApiPropertyOptional({
    type: 'integer',
    description: 'Misfiling chips: the page’s numeric id, for the accept route.',
    example: 42,
  })
  notification_id?: number;
}

export class HomeSummaryDto implements HomeSummaryView {
  @ApiProperty({ type: HomeCompanyDto }) company!: HomeCompanyDto;
  @ApiProperty({
    type: [HomePageDto],
    description:
      'Pages whose content you may read, most recently updated first (any author). Empty for ' +
      'a token without `wiki:read`.',
  })
  recent_pages!: HomePageDto[];
  @ApiProperty({
    type: [HomeReportDto],
    description: 'Reports you may read, newest first. Empty for a token without `workflows:read`.',
  })
  recent_reports!: HomeReportDto[];
  @ApiProperty({
    type: [ChipDto],
    description: 'Your chips not dismissed, by page title. Empty for a token without `wiki:read`.',
  })
  chips!: ChipDto[];
}
