export * from './inbox-seed.repository';
