import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * The services' OpenAPI description, which the build writes for the gateway and copies beside
 * the compiled mcp-server (`tools/build/build.mjs`): the tools are read from it at start.
 */
const SERVICES_DESCRIPTION_FILE = join(__dirname, 'services-openapi.json');

export function readServicesDescription(): OpenAPIObject {
  try {
    return JSON.parse(readFileSync(SERVICES_DESCRIPTION_FILE, 'utf8')) as OpenAPIObject;
  } catch (error) {
    throw new Error(
      `the services' OpenAPI description is missing (${SERVICES_DESCRIPTION_FILE}): run the build`,
      { cause: error },
    );
  }
}
