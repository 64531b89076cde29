export * from './test-stack';
export * from './test-database';
export * from './test-app';
export * from './http-client';
export * from './identity-fixtures';
export * from './validate-openapi';
