export { HooksModule, type HooksModuleOptions } from './hooks.module';
export { HookReceiptsModule } from './deliveries/hook-receipts.module';
