import { applyDecorators } from '@nestjs/common';
import { GRANTABLE_SCOPES } from '@cw/domain';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn } from 'class-validator';

/** The scopes a credential is asked for: a non-empty list of distinct grantable scopes. */
export function IsGrantableScopes(): PropertyDecorator {
  return applyDecorators(
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(GRANTABLE_SCOPES.length),
    ArrayUnique(),
    IsIn(GRANTABLE_SCOPES, {
      each: true,
      message: `each scope must be one of ${GRANTABLE_SCOPES.join(', ')}`,
    }),
  );
}
