import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/**
 * Module boundaries (Nx tags; docs/architecture.md draws the graph). Every project carries one
 * `type:*` and one `scope:*` tag, and a file's import must satisfy both tags' constraints.
 *
 * type: apps compose; domain libs hold one bounded context each; platform libs depend on platform
 * libs only; `libs/testing` only on platform libs; tools may use any lib. Only test code (see
 * TEST_FILES) may import `type:testing`.
 */
const typeConstraints = (testing) => [
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:domain', 'type:platform', ...testing] },
  {
    sourceTag: 'type:domain',
    onlyDependOnLibsWithTags: ['type:domain', 'type:platform', ...testing],
  },
  { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:platform', ...testing] },
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:platform'] },
  // The command-line client and its typed API client ship apart from the services: they speak
  // HTTP only and import no service code.
  { sourceTag: 'type:client', onlyDependOnLibsWithTags: ['type:client'] },
  {
    sourceTag: 'type:tool',
    onlyDependOnLibsWithTags: ['type:domain', 'type:platform', 'type:testing'],
  },
];

/**
 * scope: which contexts a project may reach (besides its own and `scope:shared`). A context sees
 * only the contexts it builds on; an app sees exactly the contexts it composes. The gateway is the one app
 * that sees every context: it hosts the one-process composition and builds the merged OpenAPI
 * description from every service's modules. Contexts not written yet are declared so they are
 * born constrained.
 */
const scopeGraph = {
  shared: [],
  identity: [],
  auth: ['identity'],
  wiki: ['auth', 'identity'],
  workflows: ['wiki', 'auth', 'identity'],
  hooks: ['workflows', 'auth', 'identity'],
  feedback: ['auth', 'identity'],
  discovery: ['auth', 'identity'],
  mcp: ['auth', 'identity'],
  home: ['wiki', 'workflows', 'auth', 'identity'],
  'wiki-service': ['wiki', 'home', 'workflows', 'auth', 'identity'],
  'workflow-runner': ['workflows', 'hooks', 'wiki', 'auth', 'identity'],
  'hook-dispatcher': ['hooks', 'auth', 'identity'],
  'feedback-intake': ['feedback', 'auth', 'identity'],
  'mcp-server': ['mcp', 'auth', 'identity'],
  'api-client': [],
  cli: ['api-client'],
  'api-gateway': [
    'identity',
    'auth',
    'wiki',
    'workflows',
    'hooks',
    'feedback',
    'mcp',
    'discovery',
    'home',
  ],
  tools: ['identity', 'auth', 'wiki', 'workflows', 'hooks', 'feedback', 'mcp', 'discovery', 'home'],
};
const scopeConstraints = Object.entries(scopeGraph).map(([scope, reaches]) => ({
  sourceTag: `scope:${scope}`,
  onlyDependOnLibsWithTags: [
    `scope:${scope}`,
    ...reaches.map((each) => `scope:${each}`),
    'scope:shared',
  ],
}));

const boundaries = (testing) => [
  'error',
  {
    enforceBuildableLibDependency: false,
    allow: [],
    depConstraints: [...typeConstraints(testing), ...scopeConstraints],
    // `libs/testing` composes the platform libs, whose own tests use it: a cycle through test
    // files only (production files of a platform lib may not import `type:testing`).
    ignoredCircularDependencies: [['testing', 'tag:type:platform']],
    banTransitiveDependencies: false,
  },
];

/** Test code: specs, the `test/` folders beside libs and apps, and the contexts' fixture helpers. */
const TEST_FILES = [
  '**/*.spec.ts',
  '**/*.int-spec.ts',
  '**/*.e2e-spec.ts',
  '{apps,libs}/*/test/**/*.ts',
  'libs/*/src/testing/**/*.ts',
];

// Besides `@cw/<lib>`, a lib may declare more entry points in tsconfig.base.json: `/testing`
// (fixtures) and narrow ones for a process that uses a part of it without loading the rest
// (`@cw/mcp/config`, `@cw/workflows/reports`, `@cw/identity/credentials`). Any other path inside
// a lib is refused.
const ENTRY_POINTS = Object.keys(
  JSON.parse(readFileSync(new URL('./tsconfig.base.json', import.meta.url), 'utf8')).compilerOptions
    .paths,
);
const DEEP_IMPORT = {
  regex: `^(?!(${ENTRY_POINTS.join('|')})$)@cw/[^/]+/`,
  message: "Import a lib through its entry point ('@cw/<lib>'), never a path inside it.",
};
const TESTING_ENTRY_POINT = {
  regex: '^@cw/([^/]+/)?testing$',
  message: 'Testing entry points are for tests and tools only.',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.data/', '.nx/', 'coverage/', '**/*.mjs', '**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': boundaries([]),
      'no-restricted-imports': ['error', { patterns: [DEEP_IMPORT, TESTING_ENTRY_POINT] }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/require-await': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.object.name=/^(describe|it|test)$/][callee.property.name="only"]',
          message: 'No .only in committed tests.',
        },
      ],
    },
  },
  {
    files: ['tools/**/*.ts', 'libs/testing/**/*.ts', ...TEST_FILES],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(['type:testing']),
      'no-restricted-imports': ['error', { patterns: [DEEP_IMPORT] }],
    },
  },
  {
    files: TEST_FILES,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  prettier,
);
