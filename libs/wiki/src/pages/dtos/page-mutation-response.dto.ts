import { ApiProperty } from '@nestjs/swagger';
import type { EditResponse } from '../page-edit.service';

type MutatedPage = EditResponse['page'];
type MutationReceipt = EditResponse['mutation'];

/** The page as an edit, a replacement or an append left it. */
export class MutatedPageDto implements MutatedPage {
  @ApiProperty({ type: 'integer', description: 'Legacy numeric id.' }) id!: number;
  @ApiProperty({ format: 'uuid' }) public_id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Folder path, "/", title.' }) path!: string;
  @ApiProperty({ type: 'integer' }) current_version!: number;
}

export class MutationReceiptDto implements MutationReceipt {
  @ApiProperty({ format: 'uuid', description: 'The mutation_id you sent.' }) mutation_id!: string;
  @ApiProperty({
    description: 'True when this answer is the recorded outcome of an earlier identical request.',
  })
  replayed!: boolean;
}
