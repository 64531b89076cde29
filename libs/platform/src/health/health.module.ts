import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { ReadinessRegistry } from './readiness.registry';
import { ReadinessService } from './readiness.service';

@Global()
@Module({
  // Terminus' own log line per failed check would repeat every probe; ReadinessService logs
  // each change of an entry instead.
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [ReadinessRegistry, ReadinessService],
  exports: [ReadinessRegistry],
})
export class HealthModule {}
