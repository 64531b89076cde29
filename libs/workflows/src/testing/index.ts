export * from './fake-model-provider';
