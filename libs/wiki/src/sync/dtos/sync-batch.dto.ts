import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PAGE_ID_SCHEMA } from './page-id-field';

export class PageAccessDto {
  @ApiProperty() can_edit!: boolean;
  @ApiProperty() can_comment!: boolean;
  @ApiProperty() can_delete!: boolean;
  @ApiProperty() restricted!: boolean;
}

export class SyncBatchPageDto {
  @ApiProperty() page_id!: number;
  @ApiProperty({ format: 'uuid' }) page_public_id!: string;
  @ApiProperty() version!: number;
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

export class SyncBatchDto {
  @ApiProperty({ type: [SyncBatchPageDto] }) pages!: SyncBatchPageDto[];
  @ApiProperty({
    type: 'array',
    items: PAGE_ID_SCHEMA,
    description: 'Requested ids, as sent, of pages that are not visible to you.',
  })
  missing!: (string | number)[];
}
