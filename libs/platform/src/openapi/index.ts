export * from './openapi-document';
export * from './openapi-31';
export * from './openapi.controller';
export * from './describe-modules';
export * from './described-api-tag';
export * from './operation-security';
export * from './union-values';
export * from './non-json-content';
