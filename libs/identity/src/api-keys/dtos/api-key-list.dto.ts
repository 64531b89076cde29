import { ApiProperty } from '@nestjs/swagger';
import { ApiKeyDto } from './api-key.dto';

/** `GET /api/auth/api-keys`: the caller's live keys, without tokens. */
export class ApiKeyListDto {
  @ApiProperty({ type: [ApiKeyDto] }) api_keys!: ApiKeyDto[];
}
