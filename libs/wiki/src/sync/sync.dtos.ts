import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import { parsePageRef } from '../pages/page-row';

export const MAX_BATCH_PAGES = 100;
const PAGE_ID_SCHEMA = {
  oneOf: [
    { type: 'string', description: 'Public UUID or legacy integer id as text.' },
    { type: 'integer', minimum: 1 },
  ],
};

/** A page public UUID, or a legacy integer id (as a JSON number or as text). */
function IsPageId(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPageId',
      validator: {
        validate: (value: unknown): boolean => {
          if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1;
          if (typeof value !== 'string') return false;
          try {
            parsePageRef(value);
            return true;
          } catch {
            return false;
          }
        },
        defaultMessage: () => 'each value in page_ids must be a page UUID or an integer id >= 1',
      },
    },
    options,
  );
}

export class SyncChangesQueryDto {
  @ApiPropertyOptional({
    description: 'The next_cursor of the previous answer; omit to start from the beginning.',
    maxLength: 512,
  })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 500, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
}

export class SyncChangeDto {
  @ApiProperty({ description: 'Legacy numeric id.' }) page_id!: number;
  @ApiProperty({ format: 'uuid' }) page_public_id!: string;
  @ApiProperty({ description: 'The current version number.' }) version!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Folder path plus title.' }) path!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ description: 'True once the page is in the Trash: remove it locally.' })
  deleted!: boolean;
}

export class SyncChangesDto {
  @ApiProperty({ type: [SyncChangeDto] }) changes!: SyncChangeDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Opaque; send it back as cursor. Null only when there was nothing yet.',
  })
  next_cursor!: string | null;
  @ApiProperty({ description: 'More changes are ready now; when false, poll again later.' })
  has_more!: boolean;
}

export class SyncBatchRequestDto {
  @ApiProperty({
    type: 'array',
    items: PAGE_ID_SCHEMA,
    minItems: 1,
    maxItems: MAX_BATCH_PAGES,
    description: 'Page public UUIDs or legacy integer ids.',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BATCH_PAGES)
  @IsPageId({ each: true })
  page_ids!: (string | number)[];
}

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
