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
import { ApiKeyDto } from './api-key.dto';

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

export class CreatedApiKeyDto extends ApiKeyDto {
  @ApiProperty({ description: 'Shown once; only its SHA-256 hash is stored.' }) token!: string;
}
