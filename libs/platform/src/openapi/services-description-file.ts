import { readFileSync } from 'node:fs';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * The services' OpenAPI description the build writes beside the compiled gateway and copies
 * beside the compiled mcp-server (`tools/build/build.mjs`); both read it at start.
 */
export const SERVICES_DESCRIPTION_FILE_NAME = 'services-openapi.json';

export function readServicesDescription(file: string): OpenAPIObject {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as OpenAPIObject;
  } catch (error) {
    throw new Error(`the services' OpenAPI description is missing (${file}): run the build`, {
      cause: error,
    });
  }
}
