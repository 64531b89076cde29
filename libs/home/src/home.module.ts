import { Module } from '@nestjs/common';
import { DirectoryModule } from '@cw/identity/credentials';
import { WikiApiModule } from '@cw/wiki';
import { WorkflowReportsApiModule } from '@cw/workflows';
import { DismissedChipRepository } from './actions/dismissed-chip.repository';
import { HomeActionsController } from './actions/home-actions.controller';
import { MisfilingChips } from './actions/misfiling-chips';
import { HomeSummaryController } from './summary/home-summary.controller';
import { HomeSummaryService } from './summary/home-summary.service';

/**
 * The home screen (schema `home`: dismissed chips). It reads the wiki only through `WikiApi`
 * and reports only through `WorkflowReportsApi`: its own context, since the wiki cannot depend
 * on workflows, composed by the wiki-service.
 */
@Module({
  imports: [DirectoryModule, WikiApiModule, WorkflowReportsApiModule],
  controllers: [HomeSummaryController, HomeActionsController],
  providers: [HomeSummaryService, MisfilingChips, DismissedChipRepository],
})
export class HomeModule {}
