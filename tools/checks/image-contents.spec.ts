import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GATEWAY, SERVICES } from '@cw/platform';
import { imageContents } from '../build/image-contents';

// Reads dist/: `npm test` and Nx's `tools:test` build before the tests.
const REPO_ROOT = resolve(__dirname, '../..');
const APPS = [GATEWAY, ...SERVICES].map((app) => app.name);
const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Compiled test code of any kind: specs, `test/` folders, the test stack and context fixtures. */
const TEST_CODE = [
  /\.(spec|int-spec|e2e-spec)\.js$/,
  /^dist\/(apps|libs)\/[^/]+\/test\//,
  /^dist\/libs\/testing\//,
  /^dist\/libs\/[^/]+\/src\/testing\//,
];

describe.each(APPS)('the image of %s', (app) => {
  const { files, packages } = imageContents(REPO_ROOT, app);

  it("holds its service's compiled entry and no other service's code", () => {
    expect(files).toContain(`dist/apps/${app}/src/main.js`);
    const otherApps = files.filter(
      (file) => file.startsWith('dist/apps/') && !file.startsWith(`dist/apps/${app}/src/`),
    );
    expect(otherApps).toEqual([]);
  });

  it('holds no test code, no source maps and nothing outside dist/', () => {
    expect(files.filter((file) => TEST_CODE.some((pattern) => pattern.test(file)))).toEqual([]);
    expect(files.filter((file) => file.endsWith('.map') || file.endsWith('.ts'))).toEqual([]);
    expect(files.filter((file) => !file.startsWith('dist/'))).toEqual([]);
  });

  it('loads only production dependencies', () => {
    expect(packages.length).toBeGreaterThan(0);
    expect(packages.filter((name) => !(name in manifest.dependencies))).toEqual([]);
    expect(packages.filter((name) => name in manifest.devDependencies)).toEqual([]);
  });

  it('holds tools only where an image runs one: the migrations in the gateway image', () => {
    const tools = files.filter((file) => file.startsWith('dist/tools/'));
    if (app === GATEWAY.name) {
      expect(tools).toEqual(expect.arrayContaining(['dist/tools/migrations/run-migrations.js']));
      expect(tools.every((file) => file.startsWith('dist/tools/migrations/'))).toBe(true);
    } else {
      expect(tools).toEqual([]);
    }
  });
});

describe('the gateway image', () => {
  const { files, packages } = imageContents(REPO_ROOT, GATEWAY.name);

  it('holds the migrations and the services description it reads at start', () => {
    expect(files).toContain('dist/libs/db/src/migrations/index.js');
    expect(files).toContain('dist/apps/api-gateway/src/openapi/services-openapi.json');
  });

  it("holds no context's code that only the services run", () => {
    expect(files.filter((file) => /^dist\/libs\/(wiki|workflows)\//.test(file))).toEqual([]);
  });

  it('holds the MCP settings but not the MCP server: it only checks /mcp browser origins', () => {
    expect(files.filter((file) => file.startsWith('dist/libs/mcp/'))).toEqual([
      'dist/libs/mcp/src/mcp.config.js',
    ]);
    expect(packages).not.toContain('@modelcontextprotocol/sdk');
  });
});

describe('the hook-dispatcher image', () => {
  const { files } = imageContents(REPO_ROOT, 'hook-dispatcher');

  it('holds the report reads of @cw/workflows/reports, not the run engine or the wiki', () => {
    expect(files).toContain('dist/libs/workflows/src/api/workflow-reports-api.js');
    const engineOrWiki = /^dist\/libs\/(wiki\/|workflows\/src\/(blocks|authoring|triggers)\/)/;
    expect(files.filter((file) => engineOrWiki.test(file))).toEqual([]);
  });
});

describe.each(SERVICES.map((service) => service.name))('identity in the image of %s', (app) => {
  const { files, packages } = imageContents(REPO_ROOT, app);

  it("holds identity's credential checks and directory, not its routes, OAuth or hashing", () => {
    expect(files).toContain('dist/libs/identity/src/credentials-api.js');
    expect(files).not.toContain('dist/libs/identity/src/identity.module.js');
    expect(
      packages.filter((name) => ['argon2', '@node-oauth/oauth2-server'].includes(name)),
    ).toEqual([]);
  });
});
