import { ApiProperty } from '@nestjs/swagger';
import { LANE_KINDS } from '../../lanes/lane-kinds';
import type { LaneKind } from '../../lanes/lane-path';

export class MemoryProvenanceDto {
  @ApiProperty({ format: 'uuid', description: 'Person id of the author of the current version.' })
  author!: string;

  @ApiProperty({ format: 'date-time' })
  saved_at!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Change message of the version.' })
  message!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'How it was saved: web, api_key or oauth.',
  })
  source_kind!: string | null;

  @ApiProperty({ type: String, nullable: true })
  source_provider!: string | null;

  @ApiProperty({ type: String, nullable: true })
  source_label!: string | null;
}

export class MemoryNoteDto {
  @ApiProperty({ format: 'uuid', description: 'The page public UUID.' })
  page_id!: string;

  @ApiProperty({
    type: 'integer',
    description: "The page's current version (its body is returned).",
  })
  version!: number;

  @ApiProperty()
  title!: string;

  @ApiProperty({ description: 'The current Markdown body.' })
  content!: string;

  @ApiProperty({ enum: ['markdown'] })
  format!: 'markdown';

  @ApiProperty({ enum: LANE_KINDS })
  lane!: LaneKind;

  @ApiProperty({ enum: ['personal_memory', 'search'] })
  retrieval!: 'personal_memory' | 'search';

  @ApiProperty({ description: 'Relative web-app URL: /wiki/pages/<page_id>.' })
  url!: string;

  @ApiProperty({
    type: MemoryProvenanceDto,
    nullable: true,
    description: 'Of the current version; null when not recorded.',
  })
  provenance!: MemoryProvenanceDto | null;
}

export class MemoryBootstrapResponseDto {
  @ApiProperty({ type: String, nullable: true, description: 'The trimmed query, or null.' })
  query!: string | null;

  @ApiProperty()
  include_shared!: boolean;

  @ApiProperty({ type: [MemoryNoteDto] })
  notes!: MemoryNoteDto[];

  @ApiProperty({
    description:
      'More permitted notes matched beyond limit; false does not prove that every relevant page was found.',
  })
  has_more!: boolean;

  @ApiProperty({ description: 'One to three sentences an agent can act on.' })
  guidance!: string;
}
