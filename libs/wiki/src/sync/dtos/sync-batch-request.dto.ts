import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray } from 'class-validator';
import { PAGE_ID_SCHEMA, IsPageId } from './page-id-field';

const MAX_BATCH_PAGES = 100;

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
