import 'reflect-metadata';
import { renameSync, writeFileSync } from 'node:fs';
import { describeModules } from '@cw/platform';
import { SingleProcessModule } from '../single-process.module';
import { SERVICES_DESCRIPTION_FILE } from './services-description';

// Run by the build: the one-process composition holds every module of every service. Written
// aside and renamed, so a gateway starting meanwhile never reads half a file.
void describeModules(SingleProcessModule, 'Every service of the API.').then(
  (document) => {
    const partial = `${SERVICES_DESCRIPTION_FILE}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(document));
    renameSync(partial, SERVICES_DESCRIPTION_FILE);
  },
  (error: unknown) => {
    process.stderr.write(`describing the services failed: ${String(error)}\n`);
    process.exit(1);
  },
);
