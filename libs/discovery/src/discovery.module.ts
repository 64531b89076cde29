import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { CredentialsModule } from '@cw/identity/credentials';
import { ConfiguredSettings } from './admission/configured-settings';
import { ContractsController } from './contracts/contracts.controller';
import { ContractsService } from './contracts/contracts.service';
import { DescriptionIndex } from './description/description-index';
import { DISCOVERY_DOCUMENT, OwnDescription } from './description/discovery-document';
import { OperationRecordsService } from './operations/operation-records.service';
import { OperationsController } from './operations/operations.controller';

export interface DiscoveryModuleOptions {
  /**
   * A module that provides and exports `DISCOVERY_DOCUMENT`: the gateway's gives the merged
   * description of every service. Left out: the description this process serves itself.
   */
  documentModule?: Type<unknown> | DynamicModule;
  /**
   * Whether this process serves the operation at a path, and so can judge its `setting:`
   * requirements from its own environment. Left out: it serves every operation it describes.
   */
  servesPath?: (path: string) => boolean;
}

/**
 * Operation discovery (`/api/developer/*`): the discovery record for the caller's credential
 * and the public contracts, all read from the live description and its route policies.
 */
@Module({})
export class DiscoveryModule {
  static register(options: DiscoveryModuleOptions = {}): DynamicModule {
    return {
      module: DiscoveryModule,
      imports: [CredentialsModule, ...(options.documentModule ? [options.documentModule] : [])],
      controllers: [OperationsController, ContractsController],
      providers: [
        ...(options.documentModule
          ? []
          : [{ provide: DISCOVERY_DOCUMENT, useClass: OwnDescription }]),
        {
          provide: ConfiguredSettings,
          useFactory: () => new ConfiguredSettings(process.env, options.servesPath),
        },
        DescriptionIndex,
        ContractsService,
        OperationRecordsService,
      ],
    };
  }
}
