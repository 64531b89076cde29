export * from './route-policy';
export * from './route-policy.decorator';
