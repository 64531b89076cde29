import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class MetricsConfig {
  /**
   * Port of the internal listener that serves `GET /metrics` (on `HOST`); unset, the process
   * serves no metrics. Never the service's own port: the public edge must not reach it.
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65_535)
  METRICS_PORT?: number;
}
