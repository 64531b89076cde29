import { Controller, Get, Header, Injectable } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { RoutePolicy } from '../policy/route-policy.decorator';

@Injectable()
export class OpenApiDocumentHolder {
  document?: OpenAPIObject;
}

/** This service's own description; the gateway serves the merged one at the same path. */
@ApiExcludeController()
@Controller()
export class OpenApiController {
  constructor(private readonly holder: OpenApiDocumentHolder) {}

  @Get('openapi.json')
  @Header('Cache-Control', 'no-cache')
  @RoutePolicy({ access: 'public' })
  openApi(): OpenAPIObject | Record<string, never> {
    return this.holder.document ?? {};
  }
}
