export * from './auth.module';
export * from './auth.guard';
export * from './credential-resolver';
export * from './presented-token';
