import { IsIn, IsOptional, Matches } from 'class-validator';

export class DbConfig {
  /** Postgres `application_name` of this process's connections (it keeps 63 ASCII characters). */
  @IsOptional()
  @Matches(/^[\x20-\x7e]{1,63}$/, {
    message: 'SERVICE_NAME must be at most 63 printable ASCII characters',
  })
  SERVICE_NAME?: string;

  /**
   * `off` runs the statements marked `prepared()` unprepared too: for a connection pooler in
   * front that cannot keep a session's prepared statements (PgBouncer in transaction mode before
   * 1.21, or without `max_prepared_statements`).
   */
  @IsIn(['on', 'off'])
  DB_PREPARED_STATEMENTS: 'on' | 'off' = 'on';
}
