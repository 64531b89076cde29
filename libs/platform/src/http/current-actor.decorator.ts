import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Actor } from '@cw/domain';
import { AppError } from '../errors/app-error';

export interface RequestWithActor {
  actor?: Actor;
}

/** The actor the auth guard resolved for a `person` route. */
export const CurrentActor = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Actor => {
    const actor = context.switchToHttp().getRequest<RequestWithActor>().actor;
    if (!actor) throw AppError.authRequired();
    return actor;
  },
);
