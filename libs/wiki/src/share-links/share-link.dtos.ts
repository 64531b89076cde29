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

export class CreatedShareLinkDto extends ShareLinkDto {
  @ApiProperty({ example: '/public/pages/cwl_…', description: 'Relative to the API base address.' })
  url!: string;
  @ApiProperty({ description: 'Shown once; only its SHA-256 hash is stored.' }) token!: string;
}

export class ShareLinkListDto {
  @ApiProperty({ type: [ShareLinkDto] }) share_links!: ShareLinkDto[];
}

export class PublicPageDto {
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Markdown of the current head.' }) content_md!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ description: 'The current version number.' }) version!: number;
}
