import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { unionValues } from '@cw/platform';
import { LANE_KINDS } from '../../lanes/lane-kinds';
import type { LaneKind } from '../../lanes/lane-path';
import { PageSummaryDto } from '../../pages/dtos/page-response.dto';
import type { FolderListResponse } from '../folder-listing.service';
import type { FolderMoveResponse } from '../folder-move.service';
import type { FolderPageView, FolderView } from '../folder-view';
import type { FolderCreateResult } from '../folder-write.service';

export class FolderDto implements FolderView {
  @ApiProperty({ enum: ['folder'] }) type!: 'folder';
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Null for a lane root (/Private, /Teams/<team>, /Company): not a stored folder.',
  })
  id!: string | null;
  @ApiProperty() name!: string;
  @ApiProperty({ example: '/Company/Runbooks' }) path!: string;
  @ApiProperty({ enum: LANE_KINDS }) lane!: LaneKind;
  @ApiProperty() lane_root!: boolean;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Null for a lane root.',
  })
  created_at!: string | null;
}

export class FolderPageDto extends PageSummaryDto implements FolderPageView {
  @ApiProperty({ enum: ['page'] }) type!: 'page';
  @ApiProperty() restricted!: boolean;
  @ApiProperty({
    description: 'False for a restricted page you are not listed on: metadata only.',
  })
  can_read!: boolean;
}

/** `GET /api/wiki/folders`: subfolders first (by name), then pages (by title). */
@ApiExtraModels(FolderPageDto)
export class FolderListDto implements FolderListResponse {
  @ApiProperty({
    type: FolderDto,
    nullable: true,
    description: 'The listed folder; null when listing your lane roots.',
  })
  folder!: FolderDto | null;
  @ApiProperty({
    type: 'array',
    items: {
      oneOf: [{ $ref: getSchemaPath(FolderDto) }, { $ref: getSchemaPath(FolderPageDto) }],
      discriminator: {
        propertyName: 'type',
        mapping: { folder: getSchemaPath(FolderDto), page: getSchemaPath(FolderPageDto) },
      },
    },
  })
  items!: (FolderDto | FolderPageDto)[];
  @ApiProperty() has_more!: boolean;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Null at the end.' })
  next_offset!: number | null;
}

export class FolderCreatedDto implements FolderCreateResult {
  @ApiProperty({ description: 'False when the folder already existed (answered with 200).' })
  created!: boolean;
  @ApiProperty({ type: FolderDto }) folder!: FolderDto;
}

export class FolderDeletedDto {
  @ApiProperty({ enum: [true] }) deleted!: true;
  @ApiProperty({ type: FolderDto }) folder!: FolderDto;
}

type FolderMoveOutcome = FolderMoveResponse['outcome'];

export class FolderMoveResponseDto implements FolderMoveResponse {
  @ApiProperty({ enum: unionValues<FolderMoveOutcome>({ moved: true, no_change: true }) })
  outcome!: FolderMoveOutcome;
  @ApiProperty({ description: 'The folder path before the move.' }) from!: string;
  @ApiProperty({ type: FolderDto }) folder!: FolderDto;
  @ApiProperty({
    type: 'integer',
    description: 'Folders whose path changed: the moved one and every live descendant.',
  })
  moved_folders!: number;
  @ApiProperty({ type: 'integer', description: 'Pages (live and trashed) whose path changed.' })
  moved_pages!: number;
}
