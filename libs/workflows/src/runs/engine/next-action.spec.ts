import fc from 'fast-check';
import type { WorkflowStep } from '../../definitions/workflow-definition';
import type { StepRecord, StepStatus } from '../run-status';
import { nextAction } from './next-action';

const STEPS: WorkflowStep[] = [
  { id: 'a', block: 'text.compose', template: 'x' },
  { id: 'b', block: 'assert', that: 'true', message: 'm' },
  { id: 'c', block: 'wait', seconds: 0 },
];
const START = new Date('2026-11-23T10:00:00Z');

const record = (index: number, status: StepStatus): StepRecord => ({
  index,
  id: STEPS[index].id,
  block: STEPS[index].block,
  status,
  output: null,
  error: status === 'failed' ? { code: 'assert_failed', message: 'no' } : null,
  started_at: START,
  finished_at: status === 'running' ? null : START,
});

const at = (records: StepRecord[], budget = {}, seconds = 0) =>
  nextAction({
    steps: STEPS,
    budget,
    records,
    startedAt: START,
    now: new Date(START.getTime() + seconds * 1000),
  });

describe('nextAction', () => {
  it('runs the steps in order and completes after the last', () => {
    expect(at([])).toMatchObject({ kind: 'execute', index: 0 });
    expect(at([record(0, 'completed')])).toMatchObject({ kind: 'execute', index: 1 });
    expect(at([record(0, 'completed'), record(1, 'completed'), record(2, 'completed')])).toEqual({
      kind: 'finish',
      status: 'completed',
      error: null,
    });
  });

  it('runs again a step a dead worker left running (at least once), and fails on a failed step', () => {
    expect(at([record(0, 'completed'), record(1, 'running')])).toMatchObject({
      kind: 'execute',
      index: 1,
    });
    expect(at([record(0, 'completed'), record(1, 'failed')])).toEqual({
      kind: 'finish',
      status: 'failed',
      error: { code: 'assert_failed', message: 'no' },
    });
  });

  it('ends budget_exceeded past max_steps or max_seconds, before running the step over it', () => {
    expect(at([record(0, 'completed')], { max_steps: 1 })).toMatchObject({
      kind: 'finish',
      status: 'budget_exceeded',
    });
    expect(at([record(0, 'completed')], { max_steps: 2 })).toMatchObject({
      kind: 'execute',
      index: 1,
    });
    expect(at([], { max_seconds: 10 }, 11)).toMatchObject({
      kind: 'finish',
      status: 'budget_exceeded',
    });
    expect(at([], { max_seconds: 10 }, 10)).toMatchObject({ kind: 'execute', index: 0 });
  });

  it('never executes a completed step and never finishes completed with a step undone (any record set)', () => {
    const statuses: StepStatus[] = ['pending', 'running', 'completed', 'skipped'];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...statuses), { minLength: 3, maxLength: 3 }),
        (each) => {
          const records = each.map((status, index) => record(index, status));
          const action = at(records);
          if (action.kind === 'execute')
            expect(['pending', 'running']).toContain(each[action.index]);
          else
            expect(each.every((status) => status === 'completed' || status === 'skipped')).toBe(
              true,
            );
        },
      ),
    );
  });
});
