import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { IsProxyAddressList } from './proxy-addresses';
import { IsPostgresUrl, IsRedisUrl } from './url-rules';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export class PlatformConfig {
  @IsIn(NODE_ENVS)
  NODE_ENV: NodeEnv = 'development';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  @IsPostgresUrl()
  DATABASE_URL!: string;

  @IsRedisUrl()
  REDIS_URL!: string;

  @IsString()
  HOST: string = '127.0.0.1';

  /** Listen port of a deployable service; unset, each service has its own default. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65_535)
  PORT?: number;

  /**
   * Connections per process. Few: PostgreSQL runs one query per core at a time, so more
   * connections than its cores only queue inside it, where a slow query slows every other one;
   * waiting in the pool keeps first come, first served (docs/benchmarks.md, "A small pool per
   * process").
   */
  @IsInt()
  @Min(1)
  @Max(200)
  DB_POOL_SIZE: number = 5;

  @IsInt()
  @Min(100)
  DB_POOL_TIMEOUT_MS: number = 5000;

  @IsInt()
  @Min(1024)
  BODY_LIMIT_BYTES: number = 1_048_576;

  /**
   * Deadline for receiving a whole request, headers and body: a client still sending past it
   * gets 408 and the connection is closed (the body-read deadline against slow bodies).
   */
  @IsInt()
  @Min(1000)
  REQUEST_TIMEOUT_MS: number = 60_000;

  /** Deadline for receiving a request's headers (at most REQUEST_TIMEOUT_MS): 408 past it. */
  @IsInt()
  @Min(1000)
  HEADERS_TIMEOUT_MS: number = 10_000;

  /** An idle keep-alive connection is closed after this; above a load balancer's idle timeout. */
  @IsInt()
  @Min(1000)
  KEEP_ALIVE_TIMEOUT_MS: number = 72_000;

  /**
   * Comma-separated IPs, CIDR ranges or `loopback`/`linklocal`/`uniquelocal` of the proxies
   * directly in front of this process whose X-Forwarded-For/-Proto/-Host it believes. Empty: the
   * gateway believes nobody; a service behind it believes its loopback hop (the gateway on the
   * same host) and these.
   */
  @IsProxyAddressList()
  TRUSTED_PROXIES: string = '';

  get isProduction(): boolean {
    return this.NODE_ENV === 'production';
  }
}
