import { Controller, Get, HttpCode } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-code';
import { RoutePolicy } from '../policy/route-policy.decorator';
import { LivenessDto, ServingDto } from './dtos/health.dto';
import { ReadinessDto } from './dtos/readiness.dto';
import { ReadinessService } from './readiness.service';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get('health')
  @HttpCode(200)
  @RoutePolicy({ access: 'public' })
  @ApiOperation({
    operationId: 'getHealth',
    summary: 'Liveness: 200 when the process is up.',
    description: 'Asks no dependency, so a database or Redis outage never restarts a process.',
  })
  @ApiOkResponse({ type: LivenessDto })
  health(): LivenessDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @RoutePolicy({ access: 'public' })
  @ApiOperation({
    operationId: 'getReady',
    summary: 'Readiness: 200 with every dependency up, else 503 listing the entries.',
    description:
      'One entry per dependency (`database`, `redis`, `migrations`, `backfills`, ' +
      '`queue:<name>` per consumed queue) with status and latency; every check runs at once ' +
      'and is cut off at 500 ms. A 503 is the error envelope (`SERVICE_UNAVAILABLE`, ' +
      '`Retry-After`) with the entries in `details.checks` and the names of those down in ' +
      '`details.down`. The gateway adds `system`: each service, without gating itself.',
  })
  @ApiOkResponse({ type: ReadinessDto })
  async ready(): Promise<ReadinessDto> {
    const { ready, checks, system } = await this.readiness.evaluate();
    if (!ready) {
      const down = Object.keys(checks).filter((name) => checks[name]?.status === 'down');
      throw new AppError(ErrorCode.ServiceUnavailable, `Not ready: ${down.join(', ')} down.`, {
        details: system ? { checks, down, system } : { checks, down },
        headers: { 'Retry-After': '1' },
      });
    }
    return system ? { status: 'ready', checks, system } : { status: 'ready', checks };
  }

  @Get('api/health/serving')
  @RoutePolicy({ access: 'public' })
  @ApiOperation({
    operationId: 'getServingHealth',
    summary: 'Serving health: 200 when the process is up and the database answers. Safe to poll.',
    description:
      'Runs the `database` readiness check alone (cut off at 500 ms); 503 ' +
      '`SERVICE_UNAVAILABLE` with `Retry-After: 5` when the database does not answer.',
  })
  @ApiOkResponse({ type: ServingDto })
  async serving(): Promise<ServingDto> {
    const database = await this.readiness.evaluateOne('database');
    if (database?.status !== 'up') {
      throw new AppError(ErrorCode.ServiceUnavailable, 'The database does not answer.', {
        headers: { 'Retry-After': '5' },
      });
    }
    return { status: 'serving' };
  }
}
