export * from './data-source-options';
export * from './run-migrations';
export * from './db.module';
export * from './unique-violation';
export * from './pooled-data-source';
export * from './prepared-statements';
export * from './typed';
