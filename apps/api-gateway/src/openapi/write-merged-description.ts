import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { describeModules } from '@cw/platform';
import { GatewayModule } from '../gateway.module';
import { GATEWAY_DESCRIPTION } from './gateway-description';
import { mergeDocuments } from './merged-openapi.service';
import { readGatewayServicesDescription } from './services-description';

// `node dist/apps/api-gateway/src/openapi/write-merged-description.js <file>`: the description
// the gateway serves at /openapi.json, written without starting it, so CI can lint it and
// generate types from it offline (docs/openapi.md).
const target = process.argv[2];
if (!target) {
  process.stderr.write('usage: write-merged-description.js <file>\n');
  process.exit(2);
}
void describeModules(GatewayModule, GATEWAY_DESCRIPTION).then(
  (own) => {
    writeFileSync(
      target,
      `${JSON.stringify(mergeDocuments(own, [readGatewayServicesDescription()]), null, 2)}\n`,
    );
  },
  (error: unknown) => {
    process.stderr.write(`describing the gateway failed: ${String(error)}\n`);
    process.exit(1);
  },
);
