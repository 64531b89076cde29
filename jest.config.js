// Three tiers: unit specs beside the code, integration specs on real PostgreSQL and Redis,
// and end-to-end specs through running processes. `npm test` runs all three.
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace('/', '\\/')}$`,
    `<rootDir>/${target}`,
  ]),
);

const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
    },
  ],
  // @nestjs/terminus, content-disposition (of @fastify/static, under the queue dashboard) and
  // oauth4webapi (the OAuth client of the tests) ship ES modules only: Node requires them
  // natively at run time, but jest's CommonJS runtime needs them compiled.
  '/node_modules/(@nestjs/terminus|@fastify/static/node_modules/content-disposition|oauth4webapi)/.+\\.js$':
    ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
};

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform,
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.data/'],
  transformIgnorePatterns: [
    // Each /node_modules/ of a nested path is tried: the nested package's own name must pass too.
    '/node_modules/(?!(@nestjs/terminus|@fastify/static/node_modules/content-disposition|content-disposition|oauth4webapi)/)',
  ],
  setupFiles: ['<rootDir>/libs/testing/src/jest-setup.ts'],
};

module.exports = {
  // On two cores jest would run every file in its own process; there, one app a test failed to
  // close keeps jest from ever exiting. A memory limit makes it use a worker process (replaced
  // when it grows past the limit), which jest stops at the end of the run whatever it holds.
  workerIdleMemoryLimit: '1GB',
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.int-spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/libs/testing/src/process-test-timeout.ts'],
      globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.e2e-spec.ts'],
      // `testTimeout` is a global option, ignored in a project: each tier sets its own.
      setupFilesAfterEnv: ['<rootDir>/libs/testing/src/process-test-timeout.ts'],
      globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
    },
  ],
};
