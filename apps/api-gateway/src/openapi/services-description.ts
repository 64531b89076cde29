import { join } from 'node:path';
import { readServicesDescription, SERVICES_DESCRIPTION_FILE_NAME } from '@cw/platform';
import type { OpenAPIObject } from '@nestjs/swagger';

/** Written by the build beside the compiled gateway (`write-services-description.ts`). */
export const SERVICES_DESCRIPTION_FILE = join(__dirname, SERVICES_DESCRIPTION_FILE_NAME);

export function readGatewayServicesDescription(): OpenAPIObject {
  return readServicesDescription(SERVICES_DESCRIPTION_FILE);
}
