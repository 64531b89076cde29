import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { moduleGraph } from './module-graph';

/** What an image holds besides what its service's entry point loads. */
interface ImageExtras {
  /** More entry points, run in the image with the command replaced. */
  entries: string[];
  /** Files the code reads (not `require`s) at run time. */
  assets: string[];
}

const EXTRAS: Partial<Record<string, ImageExtras>> = {
  'api-gateway': {
    // The migrations Job runs in the gateway's image (k8s/base/migrate-job.yaml).
    entries: ['dist/tools/migrations/run-migrations.js'],
    // Read at start: every service's OpenAPI description, written by the build.
    assets: ['dist/apps/api-gateway/src/openapi/services-openapi.json'],
  },
  // Read at start: the same description, the MCP tools' inputs, outputs and routes.
  'mcp-server': { entries: [], assets: ['dist/apps/mcp-server/src/services-openapi.json'] },
};

export interface ImageContents {
  /** Repository-relative paths under dist/, sorted: the compiled code (no source maps) and assets. */
  files: string[];
  /** The npm packages the code loads, every one a production dependency. */
  packages: string[];
}

/**
 * The files of one service's image, from the compiled import graph of its entry point
 * (`dist/apps/<app>/src/main.js`, after the build): no other service's code, no tests, no tools
 * beyond an extra entry point. Fails on a package the code loads that `npm ci --omit=dev` would
 * not install.
 */
export function imageContents(repoRoot: string, app: string): ImageContents {
  const extras = EXTRAS[app] ?? { entries: [], assets: [] };
  const entries = [`dist/apps/${app}/src/main.js`, ...extras.entries];
  const graph = moduleGraph(entries.map((entry) => join(repoRoot, entry)));
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const undeclared = graph.packages.filter((name) => !(name in (manifest.dependencies ?? {})));
  if (undeclared.length > 0) {
    throw new Error(
      `${app} loads packages that are not production dependencies: ${undeclared.join(', ')}`,
    );
  }
  const missingAssets = extras.assets.filter((asset) => !existsSync(join(repoRoot, asset)));
  if (missingAssets.length > 0)
    throw new Error(`${app} needs ${missingAssets.join(', ')}: build first`);
  const files = [...graph.files.map((file) => relative(repoRoot, file)), ...extras.assets];
  return { files: files.sort(), packages: graph.packages };
}

/** Copies one service's image files from the repository into a folder, keeping their paths. */
export function stageImageFiles(repoRoot: string, app: string, target: string): ImageContents {
  const contents = imageContents(repoRoot, app);
  for (const file of contents.files) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    copyFileSync(join(repoRoot, file), join(target, file));
  }
  return contents;
}
