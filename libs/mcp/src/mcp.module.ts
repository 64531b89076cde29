import { type DynamicModule, Logger, Module, type Provider } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AuthModule } from '@cw/auth';
import { CredentialsModule } from '@cw/identity/credentials';
import { GATEWAY, loadConfig, OpenApiDocumentHolder } from '@cw/platform';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildToolCatalog, type ToolCatalog } from './catalog/tool-catalog';
import { ToolCatalogHolder } from './catalog/tool-catalog.holder';
import { RestClient } from './calls/rest-client';
import { RestTarget } from './calls/rest-target';
import { ToolRunner } from './calls/tool-runner';
import { WorkflowRunWaiter } from './calls/workflow-run-waiter';
import { McpConfig } from './mcp.config';
import { Completions } from './resources/completions';
import { PagePaths } from './resources/page-paths';
import { PageResources } from './resources/page-resources';
import { RestRoutes } from './resources/rest-routes';
import { CallerCheck } from './transport/caller-check';
import { McpController } from './transport/mcp.controller';
import { McpServerFactory } from './transport/mcp-server.factory';

export interface McpModuleOptions {
  /**
   * Where the tools come from: the services' OpenAPI description the build writes (read once at
   * start), or `own`: this process's description, when it serves every route itself (the
   * one-process composition), read on the first MCP request.
   */
  description: (() => OpenAPIObject) | 'own';
  /**
   * `gateway`: call the REST routes at `MCP_API_URL` (the mcp-server process). `self`: this
   * process serves them too (the one-process composition, tests).
   */
  restCalls: 'gateway' | 'self';
}

class ConfiguredRestTarget extends RestTarget {
  constructor(private readonly url: string) {
    super();
  }

  baseUrl(): string {
    return this.url;
  }
}

class SelfRestTarget extends RestTarget {
  private url?: string;

  constructor(private readonly adapterHost: HttpAdapterHost) {
    super();
  }

  baseUrl(): string {
    if (!this.url) {
      const server = this.adapterHost.httpAdapter.getHttpServer() as Server;
      const address = server.address() as AddressInfo;
      this.url = `http://127.0.0.1:${address.port}`;
    }
    return this.url;
  }
}

function catalogOf(description: () => OpenAPIObject): ToolCatalog {
  const catalog = buildToolCatalog(description());
  if (catalog.missing.length > 0) {
    new Logger('McpModule').warn(
      `no route names these MCP tools yet, so they are not offered: ${catalog.missing.join(', ')}`,
    );
  }
  return catalog;
}

function catalogProvider(description: McpModuleOptions['description']): Provider {
  if (description === 'own') {
    return {
      provide: ToolCatalogHolder,
      inject: [OpenApiDocumentHolder],
      useFactory: (own: OpenApiDocumentHolder) =>
        new ToolCatalogHolder(() => catalogOf(() => own.document!)),
    };
  }
  return {
    provide: ToolCatalogHolder,
    useFactory: () => {
      const holder = new ToolCatalogHolder(() => catalogOf(description));
      holder.ensure();
      return holder;
    },
  };
}

/** The routes behind resources and completions, from the same description as the tools. */
function restRoutesProvider(description: McpModuleOptions['description']): Provider {
  if (description === 'own') {
    return {
      provide: RestRoutes,
      inject: [OpenApiDocumentHolder],
      useFactory: (own: OpenApiDocumentHolder) => new RestRoutes(() => own.document!),
    };
  }
  return {
    provide: RestRoutes,
    useFactory: () => {
      const routes = new RestRoutes(description);
      routes.ensure();
      return routes;
    },
  };
}

/**
 * The MCP server at `/mcp`: the spec's tools, each calling its REST route as the caller, and
 * the caller's wiki pages as resources read the same way.
 */
@Module({})
export class McpModule {
  static register(options: McpModuleOptions): DynamicModule {
    return {
      module: McpModule,
      // Identity's settings include OAUTH_ISSUER, the public base the 401 names.
      imports: [AuthModule, CredentialsModule],
      controllers: [McpController],
      providers: [
        { provide: McpConfig, useFactory: () => loadConfig(McpConfig) },
        catalogProvider(options.description),
        restRoutesProvider(options.description),
        options.restCalls === 'self'
          ? {
              provide: RestTarget,
              useFactory: (host: HttpAdapterHost) => new SelfRestTarget(host),
              inject: [HttpAdapterHost],
            }
          : {
              provide: RestTarget,
              inject: [McpConfig],
              useFactory: (config: McpConfig) =>
                new ConfiguredRestTarget(
                  (config.MCP_API_URL ?? `http://127.0.0.1:${GATEWAY.defaultPort}`).replace(
                    /\/$/,
                    '',
                  ),
                ),
            },
        RestClient,
        WorkflowRunWaiter,
        ToolRunner,
        PagePaths,
        PageResources,
        Completions,
        CallerCheck,
        McpServerFactory,
      ],
    };
  }
}
