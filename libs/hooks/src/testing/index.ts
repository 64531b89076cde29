export * from './hook-receiver';
export * from './docs-verifier';
