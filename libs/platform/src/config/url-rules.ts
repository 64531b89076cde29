import { Matches, type ValidationArguments } from 'class-validator';

/** The setting is a postgres:// (or postgresql://) URL. */
export const IsPostgresUrl = (): PropertyDecorator =>
  Matches(/^postgres(ql)?:\/\//, {
    message: ({ property }: ValidationArguments) => `${property} must be a postgres:// URL`,
  });

/** The setting is a redis:// (or rediss://) URL. */
export const IsRedisUrl = (): PropertyDecorator =>
  Matches(/^rediss?:\/\//, {
    message: ({ property }: ValidationArguments) => `${property} must be a redis:// URL`,
  });
