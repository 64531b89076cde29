import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export interface AuthorizationServerMetadataView {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  registration_endpoint: string;
  revocation_endpoint: string;
  response_types_supported: string[];
  grant_types_supported: string[];
  code_challenge_methods_supported: string[];
  token_endpoint_auth_methods_supported: string[];
  revocation_endpoint_auth_methods_supported: string[];
  scopes_supported: string[];
  service_documentation: string;
}

/** RFC 8414 authorization server metadata. */
export class AuthorizationServerMetadataDto implements AuthorizationServerMetadataView {
  @ApiProperty({ example: 'https://wiki.example.com' })
  issuer!: string;

  @ApiProperty({ example: 'https://wiki.example.com/api/oauth/authorize' })
  authorization_endpoint!: string;

  @ApiProperty({ example: 'https://wiki.example.com/api/oauth/token' })
  token_endpoint!: string;

  @ApiProperty({ example: 'https://wiki.example.com/api/oauth/register' })
  registration_endpoint!: string;

  @ApiProperty({ example: 'https://wiki.example.com/api/oauth/revoke' })
  revocation_endpoint!: string;

  @ApiProperty({ type: [String], example: ['code'] })
  response_types_supported!: string[];

  @ApiProperty({ type: [String], example: ['authorization_code', 'refresh_token'] })
  grant_types_supported!: string[];

  @ApiProperty({ type: [String], example: ['S256'] })
  code_challenge_methods_supported!: string[];

  @ApiProperty({ type: [String], example: ['none'] })
  token_endpoint_auth_methods_supported!: string[];

  @ApiProperty({ type: [String], example: ['none'] })
  revocation_endpoint_auth_methods_supported!: string[];

  @ApiProperty({ type: [String] })
  scopes_supported!: string[];

  @ApiProperty()
  service_documentation!: string;
}

export interface ProtectedResourceMetadataView {
  resource: string;
  authorization_servers: string[];
  scopes_supported: string[];
  bearer_methods_supported: string[];
  resource_name: string;
  resource_documentation?: string;
}

/** RFC 9728 protected resource metadata. */
export class ProtectedResourceMetadataDto implements ProtectedResourceMetadataView {
  @ApiProperty({ example: 'https://wiki.example.com/mcp' })
  resource!: string;

  @ApiProperty({ type: [String], example: ['https://wiki.example.com'] })
  authorization_servers!: string[];

  @ApiProperty({ type: [String] })
  scopes_supported!: string[];

  @ApiProperty({ type: [String], example: ['header'] })
  bearer_methods_supported!: string[];

  @ApiProperty()
  resource_name!: string;

  @ApiPropertyOptional()
  resource_documentation?: string;
}
