export * from './address-class';
export * from './outbound-refusal';
export * from './outbound-policy';
export * from './guarded-dispatcher';
export * from './close-dispatcher';
