import type { WorkflowInput } from '../definitions/workflow-definition';
import { checkRunInputs } from './run-inputs';

const DECLARED: WorkflowInput[] = [
  { name: 'topic', type: 'text', required: true },
  { name: 'count', type: 'number', required: false },
  { name: 'urgent', type: 'boolean', required: false },
];

const fieldsOf = (given: unknown, base?: string) => {
  const checked = checkRunInputs(DECLARED, given, base);
  return checked.ok ? [] : checked.problems.map((problem) => problem.field);
};

describe('checkRunInputs', () => {
  it('accepts values of the declared types', () => {
    expect(checkRunInputs(DECLARED, { topic: 'x', count: 2, urgent: false })).toEqual({
      ok: true,
      value: { topic: 'x', count: 2, urgent: false },
    });
    expect(checkRunInputs([], {})).toEqual({ ok: true, value: {} });
  });

  it('refuses unknown fields, wrong types, missing required inputs and over-long text, naming each', () => {
    expect(fieldsOf({ topic: 1, count: '2', urgent: 'yes', extra: true })).toEqual([
      'inputs.topic',
      'inputs.count',
      'inputs.urgent',
      'inputs.extra',
    ]);
    expect(fieldsOf({}, 'body')).toEqual(['body.topic']);
    expect(fieldsOf({ topic: 'x'.repeat(20_001) })).toEqual(['inputs.topic']);
    expect(fieldsOf({ topic: 'x'.repeat(20_000) })).toEqual([]);
    expect(fieldsOf({ topic: 'x', count: Number.NaN })).toEqual(['inputs.count']);
  });

  it('refuses anything but a JSON object', () => {
    for (const given of [null, [], 'text', 3]) expect(fieldsOf(given)).toEqual(['inputs']);
  });
});
