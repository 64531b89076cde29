import { IsOptional, Matches, type ValidationArguments } from 'class-validator';

const HTTP_URL = /^https?:\/\/[^\s/]+(\/\S*)?$/;
const HTTP_URL_RULE = {
  message: ({ property }: ValidationArguments) => `${property} must be an http:// or https:// URL`,
};

/** Where the gateway reaches each service; unset, the service's default port on this host. */
export class ServiceUrlsConfig {
  @IsOptional() @Matches(HTTP_URL, HTTP_URL_RULE) WIKI_SERVICE_URL?: string;
  @IsOptional() @Matches(HTTP_URL, HTTP_URL_RULE) WORKFLOW_RUNNER_URL?: string;
  @IsOptional() @Matches(HTTP_URL, HTTP_URL_RULE) HOOK_DISPATCHER_URL?: string;
  @IsOptional() @Matches(HTTP_URL, HTTP_URL_RULE) FEEDBACK_INTAKE_URL?: string;
  @IsOptional() @Matches(HTTP_URL, HTTP_URL_RULE) MCP_SERVER_URL?: string;
}
