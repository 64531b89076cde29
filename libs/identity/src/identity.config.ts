import { ConfigError, loadConfig } from '@cw/platform';
import { IsInt, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { HOST_LIST } from './oauth/allowed-hosts';

export class IdentityConfig {
  /** Enables the acceptance exchange (test environments only; refused in production). */
  @IsOptional()
  @IsString()
  @MinLength(16, { message: 'ACCEPTANCE_AUTH_SECRET must be at least 16 characters' })
  ACCEPTANCE_AUTH_SECRET?: string;

  /** The public base URL named in OAuth metadata and links; unset, the request's own address. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/\S*)?$/, {
    message:
      'OAUTH_ISSUER must be an http:// or https:// base URL such as https://wiki.example.com',
  })
  OAUTH_ISSUER?: string;

  /**
   * More `Host` names (comma-separated `host[:port]`; no port: any) that `/mcp` and the OAuth
   * metadata answer as, besides OAUTH_ISSUER's host and the loopback names: the DNS-rebinding
   * protection never takes a host from the request.
   */
  @IsOptional()
  @Matches(HOST_LIST, {
    message:
      'MCP_ALLOWED_HOSTS must be comma-separated host names with an optional port, such as wiki.example.com,wiki.internal:3000',
  })
  MCP_ALLOWED_HOSTS?: string;

  /**
   * OAuth client registrations (`POST /api/oauth/register`, no credential) a minute per client
   * address: each stores a client for good, so an anonymous loop would grow the table forever.
   */
  @IsInt()
  @Min(1)
  @Max(100_000)
  OAUTH_REGISTRATIONS_PER_MINUTE: number = 30;

  /**
   * Hours a registered OAuth client may go without signing anyone in before it is deleted:
   * registration needs no credential, so clients nobody uses would otherwise stay for good.
   */
  @IsInt()
  @Min(1)
  @Max(8_760)
  OAUTH_UNUSED_CLIENT_HOURS: number = 24;

  /** How often a process serving the OAuth routes deletes unused clients (bounded batches). */
  @IsInt()
  @Min(1)
  @Max(86_400)
  OAUTH_CLIENT_SWEEP_SECONDS: number = 600;
}

/** Test-only switches are refused outright in production. */
export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const config = loadConfig(IdentityConfig, env);
  if (config.ACCEPTANCE_AUTH_SECRET && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid setting ACCEPTANCE_AUTH_SECRET: test-only, refused when NODE_ENV=production.',
    );
  }
  return config;
}
