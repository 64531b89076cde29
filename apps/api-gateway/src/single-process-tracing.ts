import { startTracing } from '@cw/tracing';

/** Imported first by single-process.ts: the instrumentations must patch modules before they load. */
startTracing('single-process');
