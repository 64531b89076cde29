import type { INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { ResolvedRoutePolicy } from './route-policy';
import { ROUTE_POLICY } from './route-policy.decorator';

export interface RouteEntry {
  controller: string;
  handler: string;
  policy: ResolvedRoutePolicy | undefined;
}

/** Every handler of every mounted controller with the policy it declares (if any). */
export function routeInventory(app: INestApplication): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        entries.push({
          controller: controller.name,
          handler: name,
          policy:
            (Reflect.getMetadata(ROUTE_POLICY, handler) as ResolvedRoutePolicy | undefined) ??
            (Reflect.getMetadata(ROUTE_POLICY, controller) as ResolvedRoutePolicy | undefined),
        });
      }
    }
  }
  return entries;
}
