export * from './bench-runs';
export * from './fake-model-provider';
