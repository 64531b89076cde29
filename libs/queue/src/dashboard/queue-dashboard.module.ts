import { Module } from '@nestjs/common';
import { QueueDashboard } from './queue-dashboard';
import { QueueDashboardController } from './queue-dashboard.controller';

/** bull-board behind the route policy; composed where queues are operated (workflow-runner). */
@Module({
  controllers: [QueueDashboardController],
  providers: [QueueDashboard],
})
export class QueueDashboardModule {}
