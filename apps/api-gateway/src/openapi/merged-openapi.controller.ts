import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { RoutePolicy } from '@cw/platform';
import { MergedOpenApiService } from './merged-openapi.service';

@ApiExcludeController()
@Controller()
export class MergedOpenApiController {
  constructor(private readonly merged: MergedOpenApiService) {}

  @Get('openapi.json')
  @Header('Cache-Control', 'no-cache')
  @RoutePolicy({ access: 'public' })
  openApi(): OpenAPIObject {
    return this.merged.document();
  }
}
