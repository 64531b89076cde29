import { Module } from '@nestjs/common';
import { evidenceStoreProvider } from './evidence/evidence-store.provider';
import { ReportViewRepository } from './reports/report-view.repository';

/** What every part of the feedback context shares: the report views and the evidence store. */
@Module({
  providers: [ReportViewRepository, evidenceStoreProvider],
  exports: [ReportViewRepository, evidenceStoreProvider],
})
export class FeedbackCoreModule {}
