import { type DynamicModule, Module } from '@nestjs/common';
import { HookDeliveryModule } from './deliveries/hook-delivery.module';
import { HookReceiptsModule } from './deliveries/hook-receipts.module';
import { HooksConfigModule, type HooksModuleOptions } from './hooks-config.module';
import { HookRegistrationModule } from './registration/hook-registration.module';

export type { HooksModuleOptions };

/**
 * Report hooks (schema `hooks`), by feature: registration and management routes
 * (`HookRegistrationModule`), fan-out, delivery workers, reconciler, history and replay
 * (`HookDeliveryModule`), both on signing (`HookSigningModule`) and on hook access and lifecycle
 * (`HookAccessModule`); and the `delivery_receipts` of reports wherever reports are read in the
 * same process (`HookReceiptsModule`).
 */
@Module({})
export class HooksModule {
  static register(options: HooksModuleOptions = {}): DynamicModule {
    return {
      module: HooksModule,
      imports: [
        HookReceiptsModule,
        HooksConfigModule.register(options),
        HookRegistrationModule,
        HookDeliveryModule,
      ],
    };
  }
}
