// Validates an OpenAPI document (a file path, or a URL to fetch) with a real OpenAPI 3.1
// schema validator. Prints one JSON line: {"valid": boolean, "errors": [...]}; exit 1 if invalid.
// An ES module script because the validator package is ESM-only.
import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';

const source = process.argv[2];
if (!source) {
  console.error('usage: validate-openapi.mjs <file-or-url>');
  process.exit(2);
}
const text = /^https?:\/\//.test(source)
  ? await (await fetch(source)).text()
  : await readFile(source, 'utf8');
const validator = new Validator();
const result = await validator.validate(JSON.parse(text));
console.log(JSON.stringify({ valid: result.valid, errors: result.errors ?? [] }));
process.exit(result.valid ? 0 : 1);
