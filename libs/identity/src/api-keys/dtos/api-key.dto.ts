import { ApiProperty } from '@nestjs/swagger';
import { GRANTABLE_SCOPES } from '@cw/domain';
import type { ApiKeyView } from '../api-key.service';

export class ApiKeyDto implements ApiKeyView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [String], enum: GRANTABLE_SCOPES }) scopes!: string[];
  @ApiProperty({ description: 'Leading part of the token, safe to show.' }) token_prefix!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) last_used_at!: string | null;
}
