import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { unionValues } from '@cw/platform';
import type { EditReport, EditStatus, Refusal, RefusalReason } from '../editing';
import type { EditOutcome, EditResponse } from '../page-edit.service';
import { MutatedPageDto, MutationReceiptDto } from './page-mutation-response.dto';

export class EditReportDto implements EditReport {
  @ApiProperty({ type: 'integer', description: "Position in the request's edits (from 0)." })
  index!: number;
  @ApiProperty({
    enum: unionValues<EditStatus>({ applied: true, already_applied: true }),
    description: '`already_applied`: find is absent from the head and replace is present.',
  })
  status!: EditStatus;
  @ApiProperty({ type: 'integer', description: 'Occurrences replaced; 0 when already applied.' })
  matches!: number;
}

export class RefusalDto implements Refusal {
  @ApiProperty({ type: 'integer' }) edit_index!: number;
  @ApiProperty({
    enum: unionValues<RefusalReason>({
      empty_find: true,
      anchor_absent: true,
      anchor_ambiguous: true,
      edits_overlap: true,
      too_many_matches: true,
    }),
    description:
      '`too_many_matches`: the edits would replace more than 10,000 occurrences together, more ' +
      'than one request may; nothing is written.',
  })
  reason!: RefusalReason;
  @ApiPropertyOptional({
    type: 'integer',
    description: 'For edits_overlap: the earlier edit this one overlaps.',
  })
  other_edit_index?: number;
  @ApiProperty({ description: 'A sentence you can act on.' }) message!: string;
}

export class OvertakenEditDto {
  @ApiProperty({ type: 'integer' }) edit_index!: number;
  @ApiProperty() message!: string;
}

/** `POST /api/wiki/pages/{page_id}/edits`: the outcome is in the body, always 200. */
export class EditResponseDto implements EditResponse {
  @ApiProperty({
    enum: unionValues<EditOutcome>({
      applied: true,
      no_change: true,
      conflict: true,
      refused: true,
      overtaken: true,
    }),
    description:
      'applied: one version written; no_change: nothing written; conflict: the page moved and ' +
      're-planning was not allowed; refused: see refusal; overtaken: another save removed the target.',
  })
  outcome!: EditOutcome;
  @ApiProperty({ type: MutatedPageDto }) page!: MutatedPageDto;
  @ApiProperty({ type: 'integer', description: 'The version the edits were planned against.' })
  base_version!: number;
  @ApiProperty({ type: 'integer' }) current_version!: number;
  @ApiProperty({ type: [EditReportDto] }) edits!: EditReportDto[];
  @ApiProperty({ type: MutationReceiptDto }) mutation!: MutationReceiptDto;
  @ApiProperty({ type: RefusalDto, nullable: true }) refusal!: RefusalDto | null;
  @ApiProperty({ type: OvertakenEditDto, nullable: true }) overtaken!: OvertakenEditDto | null;
  @ApiProperty({ type: 'integer' }) attempts!: number;
  @ApiProperty({ type: 'integer' }) max_attempts!: number;
  @ApiProperty({ description: 'What happened, in a sentence.' }) note!: string;
}
