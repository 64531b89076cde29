import { loadConfig } from '../config/load-config';
import { ServiceUrlsConfig } from './service-urls.config';

/** The deployable services, their default ports and the path prefixes each one owns. */
export interface ServiceDescriptor {
  name: string;
  defaultPort: number;
  /** Env var with the base URL the gateway uses to reach it. */
  urlVariable: keyof ServiceUrlsConfig;
  /** Route patterns (fastify syntax) the gateway forwards to this service. */
  routes: string[];
}

/**
 * V8 flags every service process starts with (`tools/start/system.ts`; `docker/Dockerfile` sets
 * the same in `NODE_OPTIONS`). Semi-spaces of 8 MB (Chrome's young generation; Node's default is
 * 16 MB) keep an idle service about 15 MB smaller: start-up's allocations grow the young
 * generation to its maximum, and an idle process never gives it back; no cost was measured under
 * load (docs/benchmarks.md, "8 MB semi-spaces").
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];

export const GATEWAY = { name: 'api-gateway', defaultPort: 3000 } as const;

export const SERVICES: readonly ServiceDescriptor[] = [
  {
    name: 'wiki-service',
    defaultPort: 3101,
    urlVariable: 'WIKI_SERVICE_URL',
    routes: ['/api/wiki', '/api/wiki/*', '/api/home', '/api/home/*', '/public/*'],
  },
  {
    name: 'workflow-runner',
    defaultPort: 3102,
    urlVariable: 'WORKFLOW_RUNNER_URL',
    routes: [
      '/api/workflows',
      '/api/workflows/*',
      '/api/workflow-capabilities',
      '/api/reports',
      '/api/reports/*',
      '/api/code-sessions',
      '/api/code-sessions/*',
      // The queue dashboard (operators only: the workflow-runner's guard decides).
      '/ops/queues',
      '/ops/queues/*',
    ],
  },
  {
    name: 'hook-dispatcher',
    defaultPort: 3103,
    urlVariable: 'HOOK_DISPATCHER_URL',
    routes: ['/api/report-hooks', '/api/report-hooks/*', '/api/reports/:report_id/callbacks'],
  },
  {
    name: 'feedback-intake',
    defaultPort: 3104,
    urlVariable: 'FEEDBACK_INTAKE_URL',
    routes: ['/api/feedback', '/api/feedback/*', '/api/contact'],
  },
  {
    name: 'mcp-server',
    defaultPort: 3105,
    urlVariable: 'MCP_SERVER_URL',
    routes: ['/mcp', '/mcp/*'],
  },
];

export function serviceUrl(
  service: ServiceDescriptor,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const configured = loadConfig(ServiceUrlsConfig, env)[service.urlVariable];
  return (configured ?? `http://127.0.0.1:${service.defaultPort}`).replace(/\/$/, '');
}
