export * from './credentials-api';
export { IdentityModule } from './identity.module';
export {
  ApiKeyService,
  type CreatedApiKey,
  type OwnedApiKeyView,
} from './api-keys/api-key.service';
export { UnusedClientSweeper } from './oauth/unused-client-sweeper.service';
