export * from './column-types';
export * from './columns';
export * from './query-builder';
export * from './run-statement';
export * from './client-runner';
export * from './generated';
