import { Module } from '@nestjs/common';
import { AuthModule } from '@cw/auth';
import { DbModule } from '@cw/db';
import { IdentityModule } from '@cw/identity';
import { PlatformModule } from '@cw/platform';
import { QueueModule } from '@cw/queue';
import {
  GatewayDiscoveryModule,
  MergedDescriptionModule,
} from './discovery/merged-description.module';
import { ApiIndexModule } from './index/api-index.module';
import { MergedOpenApiController } from './openapi/merged-openapi.controller';
import { GatewayReadinessModule } from './readiness/gateway-readiness.module';

/** The public edge: identity routes, the merged description and the proxy to the services. */
@Module({
  imports: [
    PlatformModule.register({ serveOwnOpenApi: false }),
    DbModule,
    QueueModule.register({ relay: false, consumes: [] }),
    IdentityModule.register({ withRoutes: true }),
    AuthModule,
    GatewayReadinessModule,
    MergedDescriptionModule,
    GatewayDiscoveryModule,
    ApiIndexModule,
  ],
  controllers: [MergedOpenApiController],
})
export class GatewayModule {}
