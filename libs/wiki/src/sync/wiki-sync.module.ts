import { Module } from '@nestjs/common';
import { WikiCoreModule } from '../wiki-core.module';
import { SyncBatchService } from './sync-batch.service';
import { SyncChangesService } from './sync-changes.service';
import { SyncConcurrencyInterceptor } from './sync-concurrency.interceptor';
import { SyncConcurrencyLimiter } from './sync-concurrency.limiter';
import { SyncController } from './sync.controller';
import { loadSyncConfig, SyncConfig } from './sync.config';

/** Desktop sync under `/api/wiki/sync/v2/`: the change feed and batch page reads. */
@Module({
  imports: [WikiCoreModule],
  controllers: [SyncController],
  providers: [
    SyncChangesService,
    SyncBatchService,
    SyncConcurrencyLimiter,
    SyncConcurrencyInterceptor,
    { provide: SyncConfig, useFactory: () => loadSyncConfig() },
  ],
})
export class WikiSyncModule {}
