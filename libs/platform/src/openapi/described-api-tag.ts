import { applyDecorators, type INestApplication, SetMetadata } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { ApiTags } from '@nestjs/swagger';

export interface ApiTagDefinition {
  name: string;
  description: string;
}

const API_TAG_DEFINITION = 'cw:api-tag-definition';

/** The platform's own tag: its health controller uses a plain `@ApiTags('health')`. */
const PLATFORM_API_TAGS: readonly ApiTagDefinition[] = [
  {
    name: 'health',
    description:
      'Liveness, readiness and database reachability of the process that answers; no credential.',
  },
];

/**
 * `@ApiTags` with the tag's description: a controller declares both in one place and the
 * description's top-level `tags` lists every tag its operations use, described.
 */
export function DescribedApiTag(tag: ApiTagDefinition): ClassDecorator {
  return applyDecorators(ApiTags(tag.name), SetMetadata(API_TAG_DEFINITION, tag));
}

/** The described tags of every mounted controller (and the platform's own), by name. */
export function describedApiTags(app: INestApplication): Map<string, string> {
  const descriptions = new Map(PLATFORM_API_TAGS.map((tag) => [tag.name, tag.description]));
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      if (!wrapper.metatype) continue;
      const tag = Reflect.getMetadata(API_TAG_DEFINITION, wrapper.metatype) as
        ApiTagDefinition | undefined;
      if (tag) descriptions.set(tag.name, tag.description);
    }
  }
  return descriptions;
}
