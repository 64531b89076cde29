import { Global, Module } from '@nestjs/common';
import { loadConfig } from '../config/load-config';
import { MetricsConfig } from './metrics.config';
import { MetricsRegistry } from './metrics.registry';
import { MetricsServer } from './metrics.server';

/** The process's metrics registry (other modules add gauges to it) and its internal listener. */
@Global()
@Module({
  providers: [
    { provide: MetricsConfig, useFactory: () => loadConfig(MetricsConfig) },
    MetricsRegistry,
    MetricsServer,
  ],
  exports: [MetricsRegistry, MetricsServer],
})
export class MetricsModule {}
