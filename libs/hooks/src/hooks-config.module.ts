import { type DynamicModule, Module } from '@nestjs/common';
import { systemResolver } from '@cw/outbound';
import { HOOKS_RESOLVER, type HooksResolver } from './deliveries/sending/outbound-resolver';
import { HooksConfig, loadHooksConfig } from './hooks.config';

export interface HooksModuleOptions {
  /** The DNS resolver hook addresses are checked and dialled with; default the system's. */
  resolve?: HooksResolver;
}

/**
 * The hooks context's settings, one instance for its modules: `HooksConfig` and the resolver.
 * Global within the composition so that the feature modules stay static; both tokens are the
 * hooks context's own.
 */
@Module({})
export class HooksConfigModule {
  static register(options: HooksModuleOptions = {}): DynamicModule {
    return {
      module: HooksConfigModule,
      global: true,
      providers: [
        { provide: HooksConfig, useFactory: () => loadHooksConfig() },
        { provide: HOOKS_RESOLVER, useValue: options.resolve ?? systemResolver },
      ],
      exports: [HooksConfig, HOOKS_RESOLVER],
    };
  }
}
