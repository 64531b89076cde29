// Generates TypeScript types from an OpenAPI document with openapi-typescript's Node API:
// `node tools/openapi/generate-types.mjs <openapi.json> <out.ts>`. An ES module script because
// the generator's dependencies are ESM-only (jest cannot load them in its CommonJS runtime).
import { readFile, writeFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';

const [source, target] = process.argv.slice(2);
if (!source || !target) {
  console.error('usage: generate-types.mjs <openapi.json> <out.ts>');
  process.exit(2);
}
const types = await openapiTS(JSON.parse(await readFile(source, 'utf8')));
await writeFile(target, astToString(types));
