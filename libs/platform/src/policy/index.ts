export * from './route-policy';
export * from './route-policy.decorator';
export * from './route-inventory';
