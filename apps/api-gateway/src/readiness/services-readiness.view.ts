import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  ReadinessRegistry,
  SERVICES,
  serviceUrl,
  type SystemReadinessDto,
  type SystemReadinessView,
} from '@cw/platform';
import { askServiceReadiness } from './ask-service-readiness';

/**
 * The gateway's `/ready` also shows every service, asked in parallel, so one dashboard panel
 * covers the system. A service that is down makes `system.status` `degraded`, not the gateway
 * unready: the kubelet would take every gateway out of rotation for one back-end, an outage of
 * all routes instead of one prefix.
 */
@Injectable()
export class ServicesReadinessView implements SystemReadinessView, OnModuleInit {
  private readonly services = SERVICES.map((service) => ({
    name: service.name,
    url: serviceUrl(service),
  }));

  constructor(private readonly readiness: ReadinessRegistry) {}

  onModuleInit(): void {
    this.readiness.showSystem(this);
  }

  async report(): Promise<SystemReadinessDto> {
    const entries = await Promise.all(
      this.services.map(async ({ name, url }) => [name, await askServiceReadiness(url)] as const),
    );
    const services = Object.fromEntries(entries);
    const degraded = entries.some(([, entry]) => entry.status === 'down');
    return { status: degraded ? 'degraded' : 'up', services };
  }
}
