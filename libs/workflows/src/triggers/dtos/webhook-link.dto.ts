import { ApiProperty } from '@nestjs/swagger';
import type { IssuedWebhookLink } from '../webhook-link.service';

export class WebhookLinkDto implements IssuedWebhookLink {
  @ApiProperty({ format: 'uuid', description: 'The public part of the trigger address.' })
  public_id!: string;
  @ApiProperty({ description: 'Shown once; only its SHA-256 hash is stored.' }) token!: string;
  @ApiProperty({
    example: '/api/workflows/hooks/7d0c…/Hk3…',
    description: 'The trigger address, relative to the API base address. It is the credential.',
  })
  url!: string;
}
