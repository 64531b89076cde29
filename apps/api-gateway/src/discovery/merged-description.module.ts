import { Module } from '@nestjs/common';
import { DISCOVERY_DOCUMENT, DiscoveryModule } from '@cw/discovery';
import { SERVICES } from '@cw/platform';
import { ownerOf } from '../edge/edge-routes';
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

/** The gateway serves the routes no service owns; their settings are in its environment. */
export function servedByGateway(path: string): boolean {
  return ownerOf(path, SERVICES) === undefined;
}

/** Discovery on the gateway: it answers from the merged description, not the gateway's own. */
export const GatewayDiscoveryModule = DiscoveryModule.register({
  documentModule: MergedDescriptionModule,
  servesPath: servedByGateway,
});
