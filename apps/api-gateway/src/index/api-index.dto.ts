import { ApiProperty } from '@nestjs/swagger';

/** Where each part of the API is, as paths on the address the index was read from. */
export class ApiIndexLinksDto {
  @ApiProperty({
    example: '/openapi.json',
    description: 'The machine-readable description: OpenAPI 3.1.0, every operation, no sign-in.',
  })
  openapi!: string;

  @ApiProperty({
    example: '/api/developer/contracts',
    description:
      'The reference: the public contract of every operation (`?q=` to narrow it), no sign-in. ' +
      'No documentation pages are served; `/docs` redirects here.',
  })
  docs!: string;

  @ApiProperty({
    example: '/api/developer/operations',
    description: 'Which operations your credential may call, and what is missing for the rest.',
  })
  operations!: string;

  @ApiProperty({ example: '/health', description: 'Liveness of the process that answers.' })
  health!: string;

  @ApiProperty({ example: '/ready', description: 'Readiness: every dependency, and each service.' })
  ready!: string;

  @ApiProperty({
    example: '/api/health/serving',
    description: 'Whether the database answers; safe to poll.',
  })
  serving!: string;

  @ApiProperty({ example: '/mcp', description: 'The MCP server (Streamable HTTP).' })
  mcp!: string;

  @ApiProperty({
    example: '/.well-known/oauth-authorization-server',
    description: 'OAuth authorization server metadata (RFC 8414).',
  })
  oauth_authorization_server!: string;

  @ApiProperty({
    example: '/.well-known/oauth-protected-resource',
    description: 'Protected resource metadata of the REST API (RFC 9728).',
  })
  oauth_protected_resource!: string;

  @ApiProperty({
    example: '/.well-known/oauth-protected-resource/mcp',
    description: 'Protected resource metadata of the MCP server (RFC 9728).',
  })
  oauth_protected_resource_mcp!: string;
}

/** `GET /api`: what this API is and where its parts are. */
export class ApiIndexDto {
  @ApiProperty({ example: 'Company Wiki, Workflow and Report API' })
  name!: string;

  @ApiProperty({ example: '0.2.0', description: "The description's `info.version`." })
  version!: string;

  @ApiProperty({ type: ApiIndexLinksDto })
  links!: ApiIndexLinksDto;
}
