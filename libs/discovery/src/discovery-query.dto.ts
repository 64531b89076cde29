import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@cw/platform';
import { IsString, MaxLength } from 'class-validator';

export const MAX_DISCOVERY_QUERY = 200;

export class DiscoveryQueryDto {
  @ApiPropertyOptional({
    maxLength: MAX_DISCOVERY_QUERY,
    description:
      'Words that must all occur (case-insensitively) in the operation id, method, path, ' +
      'summary, a tag or an MCP tool name. An exact operation id names that operation alone; ' +
      'left out or blank: every operation.',
    example: 'wiki search',
  })
  @IsOmittable()
  @IsString()
  @MaxLength(MAX_DISCOVERY_QUERY)
  q?: string;
}
