import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { unionValues } from '@cw/platform';
import type { UpsertResponse } from '../page-upsert.service';
import { PageSummaryDto } from './page-response.dto';

type UpsertOutcome = UpsertResponse['outcome'];
type UpsertedPageIds = NonNullable<UpsertResponse['created']>;

export class UpsertedPageIdsDto implements UpsertedPageIds {
  @ApiProperty({ type: 'integer', description: 'Legacy numeric id.' }) page_id!: number;
  @ApiProperty({ format: 'uuid' }) page_public_id!: string;
}

/** `POST /api/wiki/pages/upserts`: `created` for a new page, `saved` for an existing one. */
export class UpsertResponseDto implements UpsertResponse {
  @ApiProperty({
    enum: unionValues<UpsertOutcome>({
      created: true,
      saved: true,
      no_change: true,
      newer_version_available: true,
    }),
  })
  outcome!: UpsertOutcome;
  @ApiPropertyOptional({
    type: UpsertedPageIdsDto,
    description: 'Present when outcome is created.',
  })
  created?: UpsertedPageIdsDto;
  @ApiPropertyOptional({
    type: UpsertedPageIdsDto,
    description: 'Present for an existing page (every outcome but created).',
  })
  saved?: UpsertedPageIdsDto;
  @ApiProperty({ type: 'integer', description: 'The head version after the request.' })
  version!: number;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The draft that keeps your body when expected_version was behind the head.',
  })
  saved_draft_version!: number | null;
  @ApiProperty({ type: PageSummaryDto }) page!: PageSummaryDto;
}
