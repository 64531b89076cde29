import { type DynamicModule, Global, Module } from '@nestjs/common';
import { loadConfig } from './config/load-config';
import { PlatformConfig } from './config/platform.config';
import { HealthModule } from './health/health.module';
import { RouteBodyLimits } from './http/route-body-limit';
import { MetricsModule } from './metrics/metrics.module';
import { OpenApiController, OpenApiDocumentHolder } from './openapi/openapi.controller';

export interface PlatformModuleOptions {
  /** False on the gateway, which serves the merged description at the same path. */
  serveOwnOpenApi: boolean;
}

@Global()
@Module({})
export class PlatformModule {
  static register(options: PlatformModuleOptions): DynamicModule {
    return {
      module: PlatformModule,
      imports: [HealthModule, MetricsModule],
      controllers: options.serveOwnOpenApi ? [OpenApiController] : [],
      providers: [
        OpenApiDocumentHolder,
        { provide: PlatformConfig, useFactory: () => loadConfig(PlatformConfig) },
        RouteBodyLimits,
      ],
      exports: [OpenApiDocumentHolder, PlatformConfig, HealthModule, MetricsModule],
    };
  }
}
