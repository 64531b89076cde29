import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { IsOmittable } from '../validation/is-omittable';
import { MAX_LIST_OFFSET } from './offset-window';

/** A list route's `limit` query parameter: an integer 1..max, default 50 when left out. */
export function ListLimit(max: number): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ minimum: 1, maximum: max, default: 50 }),
    IsOmittable(),
    Type(() => Number),
    IsInt(),
    Min(1),
    Max(max),
  );
}

/** A list route's `offset` query parameter: an integer 0..MAX_LIST_OFFSET, default 0. */
export function ListOffset(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ minimum: 0, maximum: MAX_LIST_OFFSET, default: 0 }),
    IsOmittable(),
    Type(() => Number),
    IsInt(),
    Min(0),
    Max(MAX_LIST_OFFSET),
  );
}
