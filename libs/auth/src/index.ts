export { AuthModule } from './auth.module';
export { CredentialResolver } from './credential.resolver';
export { presentedToken } from './presented-token';
