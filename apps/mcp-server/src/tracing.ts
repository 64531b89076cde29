import { startTracing } from '@cw/tracing';

/** Imported first by main.ts: the instrumentations must patch http, pg and ioredis before they load. */
startTracing('mcp-server');
