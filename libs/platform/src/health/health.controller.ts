import { Controller, Get, HttpCode } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-code';
import { RoutePolicy } from '../policy/route-policy.decorator';
import { ReadinessRegistry } from './readiness.registry';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessRegistry) {}

  @Get('health')
  @HttpCode(200)
  @RoutePolicy({ access: 'public' })
  @ApiOperation({ operationId: 'getHealth', summary: 'Liveness: 200 when the process is up.' })
  @ApiOkResponse({
    schema: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } } },
  })
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @RoutePolicy({ access: 'public' })
  @ApiOperation({
    operationId: 'getReady',
    summary: 'Readiness: 200 once migrations, queues and deferred start-up work are done.',
  })
  @ApiOkResponse({
    schema: { type: 'object', properties: { status: { type: 'string', enum: ['ready'] } } },
  })
  async ready(): Promise<{ status: 'ready' }> {
    const pending = await this.readiness.pending();
    if (pending.length > 0) {
      throw new AppError(
        ErrorCode.ServiceUnavailable,
        `Not ready: waiting for ${pending.join(', ')}.`,
        {
          details: { pending },
          headers: { 'Retry-After': '1' },
        },
      );
    }
    return { status: 'ready' };
  }

  @Get('api/health/serving')
  @RoutePolicy({ access: 'public' })
  @ApiOperation({
    operationId: 'getServingHealth',
    summary: 'Serving health: 200 when the process is up and the database answers. Safe to poll.',
  })
  @ApiOkResponse({
    schema: { type: 'object', properties: { status: { type: 'string', enum: ['serving'] } } },
  })
  async serving(): Promise<{ status: 'serving' }> {
    try {
      await this.readiness.pingDatabase();
    } catch {
      throw new AppError(ErrorCode.ServiceUnavailable, 'The database does not answer.', {
        headers: { 'Retry-After': '5' },
      });
    }
    return { status: 'serving' };
  }
}
