import { Module } from '@nestjs/common';
import { DISCOVERY_DOCUMENT, DiscoveryModule } from '@cw/discovery';
import { MergedOpenApiService } from '../openapi/merged-openapi.service';

/**
 * The gateway's merged description of every service, as one instance that `/openapi.json` and
 * discovery share.
 */
@Module({
  providers: [
    MergedOpenApiService,
    { provide: DISCOVERY_DOCUMENT, useExisting: MergedOpenApiService },
  ],
  exports: [MergedOpenApiService, DISCOVERY_DOCUMENT],
})
export class MergedDescriptionModule {}

/** Discovery on the gateway: it answers from the merged description, not the gateway's own. */
export const GatewayDiscoveryModule = DiscoveryModule.register({
  documentModule: MergedDescriptionModule,
});
