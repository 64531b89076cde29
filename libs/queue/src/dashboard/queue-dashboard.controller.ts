import { All, Controller, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { RoutePolicy } from '@cw/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QUEUE_DASHBOARD_PATH, QueueDashboard } from './queue-dashboard';

/**
 * The queue dashboard's pages, assets and API, for operators only: a person with the
 * `queues.manage` grant, through a session or a token with `operator:all`. Left out of the
 * OpenAPI description: it is a web page, not part of the API.
 */
@ApiExcludeController()
@Controller(QUEUE_DASHBOARD_PATH.slice(1))
export class QueueDashboardController {
  constructor(private readonly dashboard: QueueDashboard) {}

  @All(['', '*'])
  @RoutePolicy({
    access: 'person',
    scopes: ['operator:all'],
    operatorRequirements: ['queues.manage'],
  })
  serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.dashboard.answer(request, reply);
  }
}
