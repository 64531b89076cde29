import { AppError, ErrorCode } from '@cw/platform';

/** `{workflow_id}` in a path: the workflow's UUID or its display number. */
export type WorkflowRef = { kind: 'id'; id: string } | { kind: 'number'; number: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^[1-9][0-9]{0,8}$/;

export function parseWorkflowRef(value: string, field = 'workflow_id'): WorkflowRef {
  if (NUMBER.test(value)) return { kind: 'number', number: Number(value) };
  if (UUID.test(value)) return { kind: 'id', id: value.toLowerCase() };
  throw new AppError(
    ErrorCode.ValidationError,
    `${field} is a workflow UUID or its display number.`,
    {
      details: {
        field,
        validation_errors: [{ field, message: `${field} must be a UUID or an integer >= 1` }],
      },
    },
  );
}
