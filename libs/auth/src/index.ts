export { AuthModule } from './auth.module';
export { presentedToken } from './presented-token';
