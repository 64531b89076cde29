import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LANE_KINDS } from '../../lanes/lane-kinds';
import type { LaneKind } from '../../lanes/lane-path';
import type { PageAccessView, PageResponse, PageSummaryView, PageView } from '../page-view';

export class PageSummaryDto implements PageSummaryView {
  @ApiProperty({ type: 'integer', description: 'Legacy numeric id.', example: 42 }) id!: number;
  @ApiProperty({ format: 'uuid' }) public_id!: string;
  @ApiProperty({ type: 'integer', description: 'The head version: send it as expected_version.' })
  current_version!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Folder path, "/", title.', example: '/Company/Eng/Deploys' })
  path!: string;
  @ApiProperty({ enum: LANE_KINDS }) lane!: LaneKind;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class PageDto extends PageSummaryDto implements PageView {
  @ApiPropertyOptional({
    description: 'The Markdown body of the head; absent when access is null.',
  })
  content_md?: string;
}

export class PageAccessDto implements PageAccessView {
  @ApiProperty() can_edit!: boolean;
  @ApiProperty() can_comment!: boolean;
  @ApiProperty() can_delete!: boolean;
  @ApiProperty({ description: 'Only the people on its list may read the page.' })
  restricted!: boolean;
}

/** `GET /api/wiki/pages/{page_id}` and `POST /api/wiki/pages`. */
export class PageResponseDto implements PageResponse {
  @ApiProperty({ type: PageDto }) page!: PageDto;
  @ApiProperty() title!: string;
  @ApiProperty({
    type: PageAccessDto,
    nullable: true,
    description:
      'Null: a restricted page you are not listed on; metadata only, never edit from it.',
  })
  access!: PageAccessDto | null;
}
