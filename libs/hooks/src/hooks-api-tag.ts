import { type ApiTagDefinition, ErrorEnvelopeSchema } from '@cw/platform';
import { ApiResponse } from '@nestjs/swagger';

export const REPORT_HOOKS_API_TAG: ApiTagDefinition = {
  name: 'report-hooks',
  description:
    'Report callbacks and subscriptions: signed POSTs of a finished run’s report to your https ' +
    'receiver, at least once, with retries, replay and delivery history. Registration needs a ' +
    'bearer token; another person’s hook is 404, also for admins.',
};

export const HOOK_ID_PARAM = { name: 'hook_id', format: 'uuid', description: 'The hook’s id.' };

export const DELIVERY_ID_PARAM = {
  name: 'delivery_id',
  format: 'uuid',
  description: 'The delivery’s id (`X-Service-Delivery`).',
};

/** A receiver address the rules refuse: 422 VALIDATION_ERROR naming the field. */
export const ApiRefusedAddressResponse = (): MethodDecorator =>
  ApiResponse({
    status: 422,
    description:
      'VALIDATION_ERROR: the address is not public https, or its name resolves to a private, loopback, link-local or otherwise non-public address (`details.field` names the field).',
    type: ErrorEnvelopeSchema,
  });

/** A registration past the owner's cap of live hooks of its kind: 409 HOOK_LIMIT_REACHED. */
export const ApiHookLimitResponse = (cap: string): MethodDecorator =>
  ApiResponse({
    status: 409,
    description: `HOOK_LIMIT_REACHED: you already hold ${cap}; delete one (\`DELETE /api/report-hooks/{hook_id}\`) first. \`details\`: \`{kind, limit}\`.`,
    type: ErrorEnvelopeSchema,
  });
