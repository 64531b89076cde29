import { IsPostgresUrl } from '@cw/platform';

export class MigrationsConfig {
  /** The database to migrate. */
  @IsPostgresUrl()
  DATABASE_URL!: string;
}
