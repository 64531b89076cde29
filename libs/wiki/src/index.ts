export * from './wiki.module';
export * from './pages/editing';
