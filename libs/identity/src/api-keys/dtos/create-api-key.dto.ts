import { ApiProperty } from '@nestjs/swagger';
import { GRANTABLE_SCOPES } from '@cw/domain';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsString,
  Length,
} from 'class-validator';

export class CreateApiKeyDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'nightly export' })
  @IsString()
  @Length(1, 100)
  name!: string;

  @ApiProperty({ type: [String], enum: GRANTABLE_SCOPES, minItems: 1, uniqueItems: true })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(GRANTABLE_SCOPES.length)
  @ArrayUnique()
  @IsIn(GRANTABLE_SCOPES, {
    each: true,
    message: `each scope must be one of ${GRANTABLE_SCOPES.join(', ')}`,
  })
  scopes!: string[];
}

export class ApiKeyDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [String] }) scopes!: string[];
  @ApiProperty({ description: 'Leading part of the token, safe to show.' }) token_prefix!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) last_used_at!: string | null;
}

export class CreatedApiKeyDto extends ApiKeyDto {
  @ApiProperty({ description: 'Shown once; only its SHA-256 hash is stored.' }) token!: string;
}

export class ApiKeyListDto {
  @ApiProperty({ type: [ApiKeyDto] }) api_keys!: ApiKeyDto[];
}
