import { resolve } from 'node:path';
import { stageImageFiles } from './image-contents';

const REPO_ROOT = resolve(__dirname, '../../..');

/**
 * The Dockerfile's step that picks one service's files: copies what `imageContents` lists from
 * dist/ into a folder, keeping their paths. Run after the build:
 *   node dist/tools/build/stage-image.js wiki-service /staged
 */
function main(): void {
  const [app, target] = process.argv.slice(2);
  if (!app || !target) {
    process.stderr.write('usage: node dist/tools/build/stage-image.js <app> <folder>\n');
    process.exit(2);
  }
  const { files, packages } = stageImageFiles(REPO_ROOT, app, target);
  process.stdout.write(`${app}: ${files.length} files, packages ${packages.join(', ')}\n`);
}

try {
  main();
} catch (error: unknown) {
  process.stderr.write(`stage-image: ${(error as Error).message}\n`);
  process.exit(1);
}
