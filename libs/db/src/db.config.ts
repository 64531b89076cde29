import { IsOptional, Matches } from 'class-validator';

export class DbConfig {
  /** Postgres `application_name` of this process's connections (it keeps 63 ASCII characters). */
  @IsOptional()
  @Matches(/^[\x20-\x7e]{1,63}$/, {
    message: 'SERVICE_NAME must be at most 63 printable ASCII characters',
  })
  SERVICE_NAME?: string;
}
