import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { ApiProperty, DECORATORS } from '@nestjs/swagger';
import { getMetadataStorage, IS_INT } from 'class-validator';

export type Class = abstract new (...args: never[]) => unknown;

interface ModelProperty {
  type?: unknown;
  isArray?: boolean;
}

function isClass(value: unknown): value is Class {
  return typeof value === 'function' && value.prototype !== undefined;
}

/** What a `type` of `@ApiProperty` or `@ApiBody` names: a class, `[Class]` or `() => Class`. */
export function classesNamedBy(type: unknown): Class[] {
  if (Array.isArray(type)) return type.flatMap(classesNamedBy);
  if (isClass(type)) return [type];
  // A lazy `type: () => Dto` (an arrow function has no prototype).
  if (typeof type === 'function' && type.length === 0) {
    return classesNamedBy((type as () => unknown)());
  }
  return [];
}

/** The documented properties of a DTO class (own and inherited), by name. */
export function modelProperties(model: Class): Map<string, ModelProperty> {
  const prototype = model.prototype as object;
  const keys = (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, prototype) ??
    []) as string[];
  const properties = new Map<string, ModelProperty>();
  for (const key of keys) {
    const name = key.replace(/^:/, '');
    const property = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, prototype, name) as
      ModelProperty | undefined;
    if (property) properties.set(name, property);
  }
  return properties;
}

/** The DTO classes the handlers of every mounted controller take: parameters and `@ApiBody`. */
export function handlerModels(app: INestApplication): Class[] {
  const models: Class[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Class | null;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const parameterTypes = (Reflect.getMetadata('design:paramtypes', prototype, name) ??
          []) as unknown[];
        const described = (Reflect.getMetadata(DECORATORS.API_PARAMETERS, handler) ?? []) as {
          type?: unknown;
        }[];
        models.push(
          ...parameterTypes.flatMap(classesNamedBy),
          ...described.flatMap((parameter) => classesNamedBy(parameter.type)),
        );
      }
    }
  }
  return models;
}

/**
 * Every documented field that class-validator checks with `@IsInt` is described as `integer`
 * (nestjs/swagger reads a TypeScript `number` as `number`), so the description refuses 2.5
 * exactly where the route does: in query parameters, bodies and the DTOs nested in them. Runs
 * before the document is generated; a field already described with another type keeps it.
 */
export function describeValidatedIntegers(app: INestApplication): void {
  const pending = handlerModels(app);
  const seen = new Set<Class>();
  const storage = getMetadataStorage();
  while (pending.length > 0) {
    const model = pending.pop()!;
    if (seen.has(model)) continue;
    seen.add(model);
    const properties = modelProperties(model);
    if (properties.size === 0) continue;
    for (const metadata of storage.getTargetValidationMetadatas(model, '', false, false)) {
      if (metadata.name !== IS_INT) continue;
      const property = properties.get(metadata.propertyName);
      if (property?.type === Number || property?.type === 'number') {
        // `isArray` again: the decorator would otherwise reset it (`@IsInt({ each: true })`).
        ApiProperty({ type: 'integer', isArray: property.isArray })(
          model.prototype as object,
          metadata.propertyName,
        );
      }
    }
    for (const property of properties.values()) pending.push(...classesNamedBy(property.type));
  }
}
