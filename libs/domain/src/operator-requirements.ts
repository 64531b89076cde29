export const OPERATOR_REQUIREMENTS = [
  'feedback.view',
  'testing.authorize',
  'queues.manage',
] as const;
export type OperatorRequirement = (typeof OPERATOR_REQUIREMENTS)[number];

export function isOperatorRequirement(value: string): value is OperatorRequirement {
  return (OPERATOR_REQUIREMENTS as readonly string[]).includes(value);
}
