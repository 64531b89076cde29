import { Controller, Get, Header, Redirect } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { type ApiTagDefinition, DescribedApiTag, RoutePolicy } from '@cw/platform';
import { API_INDEX } from './api-index';
import { ApiIndexDto } from './api-index.dto';

const INDEX_API_TAG: ApiTagDefinition = {
  name: 'index',
  description:
    "The API's entry point: its name and version, and where the description, the reference, " +
    'health, the MCP server and the OAuth metadata are; no credential.',
};

/** The index at `/api`; `/` and `/docs`, where a browser looks first, lead to something real. */
@DescribedApiTag(INDEX_API_TAG)
@Controller()
export class ApiIndexController {
  @Get('api')
  @Header('Cache-Control', 'public, max-age=300')
  @RoutePolicy({ access: 'public' })
  @ApiOperation({
    operationId: 'getApiIndex',
    summary: "The API's index: name, version and links to its parts.",
    description:
      'Links are paths on the address the index was read from: the OpenAPI description, the ' +
      'public contracts (the reference; no documentation pages are served), discovery for your ' +
      'credential, liveness, readiness, serving health, the MCP server and the OAuth metadata. ' +
      '`GET /` redirects here.',
  })
  @ApiOkResponse({ type: ApiIndexDto })
  index(): ApiIndexDto {
    return API_INDEX;
  }

  // Browser conveniences, not operations of the API: they stay out of the description, as
  // `/openapi.json` itself does.
  @Get()
  @Redirect('/api', 302)
  @RoutePolicy({ access: 'public' })
  @ApiExcludeEndpoint()
  root(): void {}

  @Get('docs')
  @Redirect('/api/developer/contracts', 302)
  @RoutePolicy({ access: 'public' })
  @ApiExcludeEndpoint()
  docs(): void {}
}
