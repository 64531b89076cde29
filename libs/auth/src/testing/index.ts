export * from './signed-in-test-app';
