import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';

/**
 * Every service's OpenAPI description, written by the build beside the compiled gateway
 * (`write-services-description.ts`) and read by the gateway at start.
 */
export const SERVICES_DESCRIPTION_FILE = join(__dirname, 'services-openapi.json');

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
