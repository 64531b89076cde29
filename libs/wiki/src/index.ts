export * from './wiki.module';
export * from './pages/editing';
export * from './search/search-sql';
export * from './search/prefix-expansion';
