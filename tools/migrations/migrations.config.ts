import { IsPostgresUrl } from '@cw/platform';

export class MigrationsConfig {
  /** The database to migrate (or, for generate, one migrated to head). */
  @IsPostgresUrl()
  DATABASE_URL!: string;
}
