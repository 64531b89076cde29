import { ApiProperty } from '@nestjs/swagger';
import { GRANTABLE_SCOPES } from '@cw/domain';
import { IsString, Length } from 'class-validator';
import { ApiKeyDto } from './api-key.dto';
import { IsGrantableScopes } from './is-grantable-scopes';

export class CreateApiKeyDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'nightly export' })
  @IsString()
  @Length(1, 100)
  name!: string;

  @ApiProperty({ type: [String], enum: GRANTABLE_SCOPES, minItems: 1, uniqueItems: true })
  @IsGrantableScopes()
  scopes!: string[];
}

export class CreatedApiKeyDto extends ApiKeyDto {
  @ApiProperty({ description: 'Shown once; only its SHA-256 hash is stored.' }) token!: string;
}
