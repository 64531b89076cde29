import { IsOptional, IsUrl } from 'class-validator';

export class TracingConfig {
  /**
   * Base URL of an OTLP/HTTP collector (`/v1/traces` is appended). Unset, tracing is off and no
   * OpenTelemetry SDK is loaded. The SDK's other `OTEL_*` variables apply as documented there.
   */
  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL' },
  )
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
}
