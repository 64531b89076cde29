import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageAccessDto } from '../../pages/dtos/page-response.dto';
import type { GivenPageId, SyncBatchPage, SyncBatchResponse } from '../sync-batch.service';
import { PAGE_ID_SCHEMA } from './page-id-field';

export class SyncBatchPageDto implements SyncBatchPage {
  @ApiProperty({ type: 'integer' }) page_id!: number;
  @ApiProperty({ format: 'uuid' }) page_public_id!: string;
  @ApiProperty({ type: 'integer' }) version!: number;
  @ApiProperty() title!: string;
  @ApiProperty() path!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiPropertyOptional({ description: 'Omitted when access is null (metadata only).' })
  content_md?: string;
  @ApiProperty({
    type: PageAccessDto,
    nullable: true,
    description: 'Null: a restricted page you are not on the list of; never edit from it.',
  })
  access!: PageAccessDto | null;
}

export class SyncBatchDto implements SyncBatchResponse {
  @ApiProperty({ type: [SyncBatchPageDto] }) pages!: SyncBatchPageDto[];
  @ApiProperty({
    type: 'array',
    items: PAGE_ID_SCHEMA,
    description: 'Requested ids, as sent, of pages that are not visible to you.',
  })
  missing!: GivenPageId[];
}
