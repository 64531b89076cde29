import { ApiProperty } from '@nestjs/swagger';
import type { SyncChange, SyncChangesResponse } from '../sync-changes.service';

export class SyncChangeDto implements SyncChange {
  @ApiProperty({ type: 'integer', description: 'Legacy numeric id.' }) page_id!: number;
  @ApiProperty({ format: 'uuid' }) page_public_id!: string;
  @ApiProperty({ type: 'integer', description: 'The current version number.' }) version!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Folder path plus title.' }) path!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ description: 'True once the page is in the Trash: remove it locally.' })
  deleted!: boolean;
}

export class SyncChangesDto implements SyncChangesResponse {
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
