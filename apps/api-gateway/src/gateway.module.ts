import { Module } from '@nestjs/common';
import { AuthModule } from '@cw/auth';
import { DbModule } from '@cw/db';
import { IdentityModule } from '@cw/identity';
import { PlatformModule } from '@cw/platform';
import { QueueModule } from '@cw/queue';
import { MergedOpenApiController } from './openapi/merged-openapi.controller';
import { MergedOpenApiService } from './openapi/merged-openapi.service';
import { GatewayReadinessModule } from './readiness/gateway-readiness.module';

/** The public edge: identity routes, the merged description and the proxy to the services. */
@Module({
  imports: [
    PlatformModule.register({ serveOwnOpenApi: false }),
    DbModule,
    QueueModule.register({ relay: false }),
    IdentityModule.register({ withRoutes: true }),
    AuthModule,
    GatewayReadinessModule,
  ],
  controllers: [MergedOpenApiController],
  providers: [MergedOpenApiService],
})
export class GatewayModule {}
