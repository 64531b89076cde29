import { ApiProperty } from '@nestjs/swagger';
import type { CreatedShareLink } from '../share-link.service';
import { ShareLinkDto } from './share-link.dto';

export class CreatedShareLinkDto extends ShareLinkDto implements CreatedShareLink {
  @ApiProperty({ example: '/public/pages/cwl_…', description: 'Relative to the API base address.' })
  url!: string;
  @ApiProperty({ description: 'Shown once; only its SHA-256 hash is stored.' }) token!: string;
}
