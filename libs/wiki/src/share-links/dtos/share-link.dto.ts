import { ApiProperty } from '@nestjs/swagger';

export class ShareLinkDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ description: 'Legacy numeric id of the shared page.' }) page_id!: number;
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
