export * from './bulk-seed';
export * from './bulk-identity-seeder';
export * from './seeded-identity';
export * from './identity-state';
export * from './agent-test-state';
export * from './oauth-state';
