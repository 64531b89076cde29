/**
 * What benchmarks, seeds and tests may use of the wiki beyond its module: bulk seeding and the
 * statements the benchmarks run or explain. Never imported by production code.
 */
export type { Reader } from '../access/visibility.sql';
export * from './bench-statements';
export * from './bulk-wiki-seeder';
export * from './seeded-wiki';
