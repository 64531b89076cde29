import type { ToolRoute } from '../catalog/tool-route';
import type { RouteCall } from './rest-client';
import { pathParameterValue } from './tool-arguments';

type Args = Record<string, unknown>;

/** Splits a tool's flat arguments into the route's path, query and body (after renames). */
export function routeCallOf(
  route: ToolRoute,
  args: Args,
  renames: Record<string, string> = {},
): RouteCall {
  const named: Args = {};
  for (const [name, value] of Object.entries(args)) named[renames[name] ?? name] = value;
  const call: RouteCall = { path: {}, query: {} };
  for (const parameter of route.pathParameters) {
    call.path[parameter.name] = pathParameterValue(parameter.name, named[parameter.name]);
  }
  for (const parameter of route.queryParameters) {
    call.query[parameter.name] = named[parameter.name];
  }
  if (route.body) {
    call.body = {};
    for (const name of Object.keys(route.body.properties)) {
      if (named[name] !== undefined) call.body[name] = named[name];
    }
  }
  return call;
}
