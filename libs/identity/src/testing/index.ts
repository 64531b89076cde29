export * from './bulk-seed';
export * from './bulk-identity-seeder';
export * from './seeded-identity';
export * from './identity-state';
