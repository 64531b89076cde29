import { ApiProperty } from '@nestjs/swagger';
import type { ShareLinkView } from '../share-link.service';

export class ShareLinkDto implements ShareLinkView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: 'integer', description: 'Legacy numeric id of the shared page.' })
  page_id!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Leading part of the token, safe to show.',
  })
  token_prefix!: string | null;
  @ApiProperty({ format: 'uuid', description: 'The person who created the link.' })
  created_by!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}
