import { NODE_ENVS, type NodeEnv } from '@cw/platform';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { StackUrlsConfig } from '../local-stack/local-stack.config';

/** `npm start`: the stack to use (both URLs, or neither for the local stack) and the gateway's address. */
export class StartConfig extends StackUrlsConfig {
  /** Production skips the demo seed. */
  @IsIn(NODE_ENVS)
  NODE_ENV: NodeEnv = 'development';

  /** Port of the gateway, or of the one process with `--single`. */
  @IsInt()
  @Min(0)
  @Max(65_535)
  PORT: number = 3000;

  @IsString()
  HOST: string = '127.0.0.1';

  /** Seconds each process may take to answer `/ready` (generous: a busy machine boots slowly). */
  @IsInt()
  @Min(1)
  @Max(3_600)
  START_READY_TIMEOUT_S: number = 180;

  /** The local stack's data and the processes' logs (`<dir>/logs`); default `<repo root>/.data`. */
  @IsOptional()
  @IsString()
  LOCAL_STACK_DATA_DIR?: string;
}
