import { ApiProperty } from '@nestjs/swagger';
import { unionValues } from '@cw/platform';
import type { SaveOutcome, SaveResponse } from '../page-save.service';
import { MutatedPageDto, MutationReceiptDto } from './page-mutation-response.dto';

/** Full replacement and append: the head is never overwritten by an older submission. */
export class SaveResponseDto implements SaveResponse {
  @ApiProperty({
    enum: unionValues<SaveOutcome>({
      applied: true,
      no_change: true,
      newer_version_available: true,
      stale_noop: true,
    }),
    description:
      'newer_version_available: the head moved on; the submission is kept as ' +
      'saved_draft_version. stale_noop: the head already holds it; nothing written.',
  })
  outcome!: SaveOutcome;
  @ApiProperty({ type: MutatedPageDto }) page!: MutatedPageDto;
  @ApiProperty({ type: 'integer', description: 'The expected_version you sent.' })
  base_version!: number;
  @ApiProperty({ type: 'integer' }) current_version!: number;
  @ApiProperty({ type: 'integer', nullable: true }) saved_draft_version!: number | null;
  @ApiProperty({ type: MutationReceiptDto }) mutation!: MutationReceiptDto;
  @ApiProperty({ description: 'What happened, in a sentence.' }) note!: string;
}
